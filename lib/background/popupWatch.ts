/**
 * Who tells the user that a link is made: the popup while it is open and follows the job,
 * else the worker (notification, and the clipboard). Each open popup keeps a port to the
 * worker; it follows jobs over it (it shows and copies them itself), and when the last popup
 * closes, every job still being made goes back to the worker, so that a link whose popup closed
 * before the answer is still told and copied, once.
 */
import type { JobQueue } from './jobs';
import type { WorkerPortMessage } from '../messaging/popupPort';

/** A popup's port as the worker uses it. */
export interface PopupPort {
  onMessage: { addListener(fn: (m: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  postMessage(m: WorkerPortMessage): void;
}

/** The worker's side of the popups' ports. */
export function createPopupWatch(jobs: Pick<JobQueue, 'unsettled' | 'markNotify' | 'unmarkNotify' | 'patch'>) {
  let open = 0;
  const ports = new Set<PopupPort>();

  /** Popup jobs nobody waits for any more are told by the worker when they settle (the bulk page reports its own). */
  const handBack = async (only?: string) => {
    for (const job of await jobs.unsettled())
      if (!job.notify && job.source === 'popup' && (only === undefined || job.id === only)) await jobs.markNotify(job.id);
  };

  return {
    handBack,

    /** Tells every open popup (a port closing meanwhile is skipped). */
    tell(message: WorkerPortMessage): void {
      for (const port of ports) {
        try {
          port.postMessage(message);
        } catch {
          ports.delete(port);
        }
      }
    },

    /** A popup opened: it may follow jobs until it closes. */
    connected(port: PopupPort): void {
      open++;
      ports.add(port);
      // Messages of one port arrive in order: a follow is handled before that port's disconnect.
      let last: Promise<void> = Promise.resolve();
      port.onMessage.addListener((m) => {
        const { follow, release, shown } = (m ?? {}) as Partial<{ follow: unknown; release: unknown; shown: unknown }>;
        if (typeof follow === 'string') last = last.then(() => jobs.unmarkNotify(follow));
        // The popup showed (and copied) the link: should it close, only a failed assignment is still told.
        if (typeof shown === 'string') last = last.then(() => jobs.patch(shown, { told: true }));
        // A popup that no longer follows a job (a newer press replaced it): the worker tells of it, if still to be made.
        if (typeof release === 'string') last = last.then(() => handBack(release));
      });
      port.onDisconnect.addListener(() => {
        open--;
        ports.delete(port);
        last = last.then(() => (open === 0 ? handBack() : undefined));
      });
    },
  };
}
