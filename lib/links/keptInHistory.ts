/** Whether a made link goes into Recent links: the worker files it by this rule, and the popup draws it at once by the same. */

/** History on, and for a private window's link only when the user allows it. */
export function keptInHistory(settings: { keepHistory: boolean; keepPrivateHistory?: boolean }, fromPrivate: boolean): boolean {
  return settings.keepHistory && (!fromPrivate || settings.keepPrivateHistory === true);
}
