/**
 * Chrome stops an idle MV3 worker after about 30 s even while timers are pending; calling an
 * extension API resets that clock (Chrome's documented service-worker lifecycle).
 * While queued work is due soon, the worker pings itself; for longer waits it relies on alarms.
 */
import { browser } from '@wxt-dev/browser';

const PING_MS = 20_000;
/** Work due later than this is left to the alarm rather than keeping the worker awake. */
export const KEEP_AWAKE_HORIZON_MS = 5 * 60_000;

let timer: ReturnType<typeof setInterval> | null = null;

/** Keeps the worker awake while `busy()` says so; stops by itself when it does not. */
export function keepAwakeWhile(busy: () => Promise<boolean>): void {
  if (timer) return;
  timer = setInterval(() => {
    void busy().then((b) => {
      if (!b && timer) {
        clearInterval(timer);
        timer = null;
      } else void browser.runtime.getPlatformInfo();
    });
  }, PING_MS);
}
