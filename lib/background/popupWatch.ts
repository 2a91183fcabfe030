/**
 * Who tells the user that a link is made: the popup while it is open and follows the job,
 * else the worker (notification, and the clipboard). Each open popup keeps a port to the
 * worker; it follows jobs over it (it shows and copies them itself). A popup that closes hands
 * back the jobs it followed (unless another open popup follows them too): another popup left open
 * (a popup opened as a tab, on Firefox for Android, or one in a background tab) does not follow
 * them, so it would tell of nothing. When the last popup closes, every popup job still being made
 * goes back to the worker (a press answered after its popup closed), so that each link is still
 * told and copied, once.
 */
import type { JobQueue } from './jobs';
import type { WorkerPortMessage } from '@/lib/messaging/popupPort';
import { waitingLinksOf } from '@/lib/messaging/waitingLinks';
import { seesPrivate, waitingSeen, type PageSender } from './privateJobs';

/** A popup's port as the worker uses it. */
export interface PopupPort {
  onMessage: { addListener(fn: (m: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  postMessage(m: WorkerPortMessage): void;
  sender?: PageSender;
}

/** A message as one port may be handed it: a private window's links waiting only to a port that sees them. */
function seenBy(message: WorkerPortMessage, sees: boolean): WorkerPortMessage {
  const waiting = message.stored.waiting;
  return sees || !waiting ? message : { stored: { ...message.stored, waiting: waitingSeen(waiting, false) } };
}

/** The worker's side of the popups' ports. */
export function createPopupWatch(jobs: Pick<JobQueue, 'unsettled' | 'markNotify' | 'unmarkNotify' | 'patch'>) {
  let open = 0;
  /** The open ports, each with whether it sees a private window's links (a popup of a private window). */
  const ports = new Map<PopupPort, boolean>();
  /** The jobs each open port follows (it tells of them itself). */
  const following = new Map<PopupPort, Set<string>>();
  /** Whether an open port other than `but` follows the job. */
  const followedElsewhere = (id: string, but: PopupPort): boolean => [...following].some(([p, ids]) => p !== but && ids.has(id));

  /** Posts to one open port what it may list (one that closed meanwhile is skipped, and forgotten). */
  const post = (port: PopupPort, message: WorkerPortMessage): void => {
    const sees = ports.get(port);
    if (sees === undefined) return;
    try {
      port.postMessage(seenBy(message, sees));
    } catch {
      ports.delete(port);
    }
  };

  /** Popup jobs nobody waits for any more are told by the worker when they settle (the bulk page reports its own). */
  const handBack = async (only?: string) => {
    for (const job of await jobs.unsettled())
      if (!job.notify && job.source === 'popup' && (only === undefined || job.id === only)) await jobs.markNotify(job.id);
  };

  return {
    handBack,

    /** Tells every open popup, each what it may list (a port closing meanwhile is skipped). */
    tell(message: WorkerPortMessage): void {
      for (const port of [...ports.keys()]) post(port, message);
    },

    /** A popup opened: it may follow jobs until it closes. */
    connected(port: PopupPort): void {
      open++;
      // A popup sees a private window's links once it says its window is private (a tab: when the tab is).
      ports.set(port, seesPrivate(port.sender, false));
      const mine = new Set<string>();
      following.set(port, mine);
      // Messages of one port arrive in order: a follow is handled before that port's disconnect.
      let last: Promise<void> = Promise.resolve();
      port.onMessage.addListener((m) => {
        const {
          follow,
          release,
          shown,
          private: saysPrivate,
        } = (m ?? {}) as Partial<{ follow: unknown; release: unknown; shown: unknown; private: unknown }>;
        // A popup of a private window: from now on handed all the links waiting, and at once the whole list
        // (news told before, without that window's links, may have reached it first).
        if (ports.get(port) === false && seesPrivate(port.sender, saysPrivate)) {
          ports.set(port, true);
          last = last.then(async () => post(port, { stored: { waiting: waitingLinksOf(await jobs.unsettled()) } })).catch(() => undefined);
        }
        if (typeof follow === 'string') {
          mine.add(follow);
          last = last.then(() => jobs.unmarkNotify(follow));
        }
        // The popup showed (and copied) the link: should it close, only a failed assignment is still told.
        if (typeof shown === 'string') last = last.then(() => jobs.patch(shown, { told: true }));
        // A popup that no longer follows a job (a newer press replaced it): the worker tells of it, if still to be made.
        if (typeof release === 'string') {
          mine.delete(release);
          if (!followedElsewhere(release, port)) last = last.then(() => handBack(release));
        }
      });
      port.onDisconnect.addListener(() => {
        open--;
        ports.delete(port);
        following.delete(port);
        // The jobs it followed go back to the worker now, not when the last popup closes: a popup
        // still open elsewhere follows other jobs (or none) and would tell of nothing.
        const orphans = [...mine].filter((id) => !followedElsewhere(id, port));
        last = last.then(async () => {
          if (open === 0) return handBack();
          for (const id of orphans) await handBack(id);
        });
      });
    },
  };
}
