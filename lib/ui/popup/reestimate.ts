/**
 * A time said for a waiting link ("at about 10:42") that has passed while the link still waits
 * (the budget was spent again: another client of the key, a refusal, a window longer than
 * guessed) is asked of the worker again, so that the popup says the new time instead of "in a
 * moment" for as long as the link waits: at the soonest time shown, then every REESTIMATE_MS
 * while a time shown has passed.
 */
import { ask } from './ask';
import { t } from '../../i18n';
import type { WaitingLink } from '../../messaging/waitingLinks';
import { queuedMessage, queuedNamed } from './text';
import type { SliceKit } from './store';

/** How often a passed time is asked again while its link still waits. */
export const REESTIMATE_MS = 5_000;

/** The rows `shown` with the worker's fresh estimates (they replace the ones shown). */
function withFresh(shown: WaitingLink[], fresh: WaitingLink[]): WaitingLink[] {
  const at = new Map(fresh.flatMap((l) => (l.expectedAt !== undefined ? [[l.id, l.expectedAt] as const] : [])));
  return shown.map((l) => (at.has(l.id) ? { ...l, expectedAt: at.get(l.id)! } : l));
}

/** The re-estimating of one popup: `arm` after every change of its waiting links or followed link. */
export function reestimator({ set, get, timers }: SliceKit): { arm: () => void } {
  let armed = 0;

  /** The followed link's status says the new time (in the form it had: named or not), when it said one. */
  const retime = (url: string, before: number, at: number) => {
    const status = get().status;
    const named = status === queuedNamed(url, before) || status === t('popupQueuedSoonNamed', url);
    const plain = status === queuedMessage(before) || status === t('popupQueuedSoon');
    const q = get().queued!;
    set({ queued: { ...q, expectedAt: at }, ...(named || plain ? { status: named ? queuedNamed(url, at) : queuedMessage(at) } : {}) });
  };

  const reestimate = async () => {
    if (timers.disposed || !get().waitingLinks?.length) return;
    try {
      const { waiting } = await ask('getWaitingLinks', { private: get().incognito });
      const links = get().waitingLinks;
      if (links) set({ waitingLinks: withFresh(links, waiting) });
      const q = get().queued;
      const fresh = q && waiting.find((l) => l.id === q.jobId);
      if (q && fresh?.expectedAt && fresh.expectedAt > Date.now() && fresh.expectedAt !== q.expectedAt) retime(fresh.url, q.expectedAt, fresh.expectedAt);
    } catch {
      // No answer (the worker restarts): asked again below.
    }
    arm();
  };

  const arm = () => {
    const now = Date.now();
    const times = [...(get().waitingLinks ?? []).map((l) => l.expectedAt ?? 0), get().queued?.expectedAt ?? 0].filter((at) => at > 0);
    if (times.length === 0 || timers.disposed) return;
    const future = times.filter((at) => at > now);
    const wait = times.length > future.length ? REESTIMATE_MS : Math.min(...future) - now + 1000;
    const mine = ++armed;
    timers.later(() => void (mine === armed && reestimate()), wait);
  };

  return { arm };
}
