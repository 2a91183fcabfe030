/**
 * Whether the changes under way on the options page wait for the rate limit: while one is under
 * way the worker is asked, now and then, when it will be sent; a wait shorter than a moment is
 * not announced (a change that leaves in a moment is not "waiting").
 */
import type { StoreTimers } from '@/lib/ui/store';
import type { OptionsDeps } from './state';

/** A wait shorter than this is not announced. */
const ANNOUNCED_WAIT_MS = 1500;

/** Follows changes for one page: `watch` runs a change and keeps `show` told of the wait (null: none said). */
export function rateWaitWatcher(
  deps: Pick<OptionsDeps, 'ask' | 'rateWaitPollMs'>,
  timers: StoreTimers,
  show: (until: number | null) => void,
): <T>(change: () => Promise<T>) => Promise<T> {
  let underWay = 0;
  let stop: (() => void) | null = null;

  /** Asks whether the changes under way wait for the rate limit, and until when. */
  const check = async () => {
    const sendAt = await deps.ask('changeSendAt').catch(() => null);
    if (underWay === 0) return;
    show(sendAt !== null && sendAt - Date.now() > ANNOUNCED_WAIT_MS ? sendAt : null);
  };

  return async (change) => {
    if (underWay++ === 0) {
      void check();
      stop = timers.every(() => void check(), deps.rateWaitPollMs);
    }
    try {
      return await change();
    } finally {
      if (--underWay === 0) {
        stop?.();
        stop = null;
        show(null);
      }
    }
  };
}
