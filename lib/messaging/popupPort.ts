/**
 * The port each open popup keeps to the worker (its own small module: the popup's first chunk
 * does not load the messaging library). The popup follows jobs over it: it shows and copies
 * them itself; when the last popup closes, the worker tells of every job still being made.
 */
export const POPUP_PORT = 'popup';

/**
 * The port the options page opens as its script starts, before React draws it: it wakes a stopped
 * worker, which starts loading the account and every list while the page draws itself, and closes it.
 */
export const OPTIONS_PORT = 'options';

/** What a popup says over its port: it follows (shows and copies) this job, no longer follows it, or showed its link (its assignments still going). */
export type PopupPortMessage = { follow: string } | { release: string } | { shown: string };
