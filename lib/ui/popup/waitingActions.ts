/**
 * The waiting links' actions, loaded on first use (right after the first render, with init.ts):
 * the port to the worker (opened then; the popup follows jobs over it and shows
 * and copies them itself; closing it hands them back to the worker,
 * lib/background/popupWatch.ts), the links still being made (each with its account; "Links
 * waiting" follow them as the worker tells of them), and the links not sent because the API key changed. Following one, cancelling one and making
 * the unsent ones is in waitingTasks.ts.
 */
import { browser } from '@wxt-dev/browser';
import { ask } from './ask';
import { t } from '@/lib/i18n';
import { POPUP_PORT, type PopupPortMessage } from '@/lib/messaging/popupPort';
import { queuedNamed } from './text';
import type { WaitingLater } from './waiting';
import type { PopupKit } from './state';
import { jobsOf } from './jobs';
import { waitingTasks } from './waitingTasks';
import { takeEarlyPort } from './earlyPort';
import { onStoredChange, storedChanged } from './storedChanges';
import { reestimator, withEstimates } from './reestimate';

type Port = ReturnType<typeof browser.runtime.connect>;

/** The waiting links' actions: the port, links still being made, unsent links (store.ts loads them on the first call of one). */
export function waitingActions(kit: PopupKit): WaitingLater {
  const { set, get, timers } = kit;
  // A time said that passed while its link still waits is asked again (reestimate.ts).
  const { arm } = reestimator(kit);
  let port: Port | null = null;
  let followed: string | null = null;

  /** The port to the worker, opened once (again if the worker restarted), with the followed job told. */
  const open = (): Port | null => {
    if (port || timers.disposed) return port;
    try {
      port = takeEarlyPort() ?? browser.runtime.connect({ name: POPUP_PORT });
      // The worker tells of stored changes over it (Recent links and the current account follow them).
      port.onMessage.addListener(storedChanged);
      port.onDisconnect.addListener(() => {
        port = null;
        // Opened again (waking a worker that stopped): the popup keeps following jobs and changes.
        if (!timers.disposed) timers.later(() => void open(), 500);
      });
      // A private window's popup says so first: only then is it handed that window's links waiting.
      if (get().incognito) port.postMessage({ private: true } satisfies PopupPortMessage);
      if (followed) port.postMessage({ follow: followed } satisfies PopupPortMessage);
    } catch {
      port = null; // no worker to talk to: it tells of the links itself
    }
    return port;
  };

  // "Links waiting" follow the queue as the worker tells of it (with the budget's estimates it gave at the open).
  onStoredChange((changes) => {
    if (!changes.waiting || timers.disposed) return;
    set({ waitingLinks: withEstimates(changes.waiting, get().waitingLinks, false) });
    arm();
  });

  return {
    ...waitingTasks(kit, jobsOf(kit)),

    async claim(jobId) {
      followed = jobId;
      // A port opened now tells the worker of the followed job itself.
      if (port) port.postMessage({ follow: jobId } satisfies PopupPortMessage);
      else open();
    },

    async markShown(jobId) {
      open()?.postMessage({ shown: jobId } satisfies PopupPortMessage);
    },

    async release() {
      if (followed) port?.postMessage({ release: followed } satisfies PopupPortMessage);
      followed = null;
    },

    async loadWaiting() {
      open();
      try {
        const { pending, waiting, unsent } = await ask('getWaitingLinks', { private: get().incognito });
        // The worker's news of the queue, when it came first, is newer than this answer (but has no estimates).
        const news = get().waitingLinks;
        set({ unsent, waitingLinks: news ? withEstimates(news, waiting, true) : waiting });
        // The current account's newest first; a link of another account is followed too, and named.
        const current = get().accounts?.current;
        const newest = pending.filter((j) => j.fingerprint === current).at(-1) ?? pending.at(-1);
        // A submit of this popup (busy, or a link it follows) comes first. A link that waits for the
        // rate limit says when it is expected.
        if (newest && !get().queued && !get().busy) {
          const at = waiting.find((l) => l.id === newest.id)?.expectedAt ?? 0;
          const status = at > Date.now() ? queuedNamed(newest.url, at) : t('popupPending', newest.url);
          await get().waitingActions.followJob(newest.id, status, Math.max(Date.now(), newest.notBefore, at), newest.fingerprint);
        }
        arm();
      } catch {
        // No worker answer: nothing waiting to show.
      }
    },

    async dismissUnsent() {
      const ids = get().unsent.map((u) => u.id);
      try {
        set({ unsent: await ask('dismissUnsent', { ids }) });
      } catch {
        set({ unsent: [] });
      }
    },
  };
}
