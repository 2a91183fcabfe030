/**
 * The rate-limit estimates of "Links waiting" and of the followed link: how rows take them
 * (`withEstimates`, the one rule), and asking them again (`reestimator`) when a time shown has
 * passed while its link still waits (the budget spent again by another client of the key, a
 * refusal, a window longer than guessed), so that the popup says the worker's new time instead
 * of "in a moment": a second after the time, then after 5, 15 and 45 s, and no more for that time.
 */
import { ask } from './ask';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import type { WaitingLink } from '@/lib/messaging/waitingLinks';
import { queuedMessage, queuedNamed } from './text';
import type { PopupKit } from './state';

/** The rows "Links waiting" shows: the current account's (all when none is known), a private window's only in a private window. */
export function rowsShown(
  links: readonly WaitingLink[] | undefined,
  current: string | null | undefined,
  incognito: boolean,
): WaitingLink[] {
  return (links ?? []).filter((l) => (!current || l.fingerprint === current) && (incognito || !l.private));
}

/** After a time shown has passed: when its estimate is asked again (ms after that time), once each. */
export const ASK_AGAIN_AFTER_MS = [1_000, 5_000, 15_000, 45_000];

/**
 * The rows `rows` with the estimates of `from`: a `fresh` answer (asked just now) replaces a row's
 * own; otherwise (the news of the queue, which carry none) a row without one takes `from`'s.
 */
export function withEstimates(rows: WaitingLink[], from: readonly WaitingLink[] | undefined, fresh: boolean): WaitingLink[] {
  const at = new Map((from ?? []).flatMap((l) => (l.expectedAt !== undefined ? [[l.id, l.expectedAt] as const] : [])));
  return rows.map((l) => (at.has(l.id) && (fresh || l.expectedAt === undefined) ? { ...l, expectedAt: at.get(l.id)! } : l));
}

/** The re-asking of one popup: `arm` after every change of its waiting links or of the link it follows. */
export function reestimator({ set, get, timers }: PopupKit): { arm: () => void } {
  let handle: ReturnType<typeof setTimeout> | null = null;
  /** How many times each time shown (a link and its time) was asked again after it passed. */
  const asked = new Map<string, number>();

  /** The followed link's status as it says its time (the forms that say one), or null. */
  const followedSays = (): { url: string | null; form: 'named' | 'plain' | 'already' } | null => {
    const q = get().queued;
    if (!q) return null;
    const status = get().status;
    const url = get().waitingLinks?.find((l) => l.id === q.jobId)?.url ?? null;
    if (url !== null && (status === queuedNamed(url, q.expectedAt) || status === t('popupQueuedSoonNamed', url)))
      return { url, form: 'named' };
    if (status === queuedMessage(q.expectedAt) || status === t('popupQueuedSoon')) return { url, form: 'plain' };
    if (status === t('popupAlreadyQueued', clock(q.expectedAt))) return { url, form: 'already' };
    return null;
  };

  /** The rate-limit times this popup shows: its account's rows (as "Links waiting" draws them), the followed link's while its status says one. */
  const shown = (): { key: string; at: number }[] => {
    const { accounts, incognito, queued } = get();
    const rows = rowsShown(get().waitingLinks, accounts?.current, incognito);
    const times = rows.flatMap((l) => (l.expectedAt ? [{ key: `${l.id}@${l.expectedAt}`, at: l.expectedAt }] : []));
    return queued && followedSays() ? [...times, { key: `${queued.jobId}@${queued.expectedAt}`, at: queued.expectedAt }] : times;
  };

  /** The followed link's status says the new time, in the form it had. */
  const retime = (at: number) => {
    const says = followedSays();
    const q = get().queued;
    if (!says || !q || clock(at) === clock(q.expectedAt)) return;
    const status =
      says.form === 'named' ? queuedNamed(says.url!, at) : says.form === 'already' ? t('popupAlreadyQueued', clock(at)) : queuedMessage(at);
    set({ queued: { ...q, expectedAt: at }, status });
  };

  const reestimate = async () => {
    try {
      const { waiting } = await ask('getWaitingLinks', { private: get().incognito });
      const links = get().waitingLinks;
      if (links) set({ waitingLinks: withEstimates(links, waiting, true) });
      const q = get().queued;
      const fresh = q ? waiting.find((l) => l.id === q.jobId)?.expectedAt : undefined;
      if (fresh !== undefined && fresh > Date.now()) retime(fresh);
    } catch {
      // No answer (the worker restarts): the next time asks again.
    }
    arm();
  };

  const arm = () => {
    if (handle) clearTimeout(handle);
    handle = null;
    if (timers.disposed) return;
    const now = Date.now();
    let next = Infinity;
    const due: string[] = [];
    for (const { key, at } of shown()) {
      const n = asked.get(key) ?? 0;
      if (n >= ASK_AGAIN_AFTER_MS.length) continue;
      const when = at + ASK_AGAIN_AFTER_MS[n]!;
      if (when <= now) due.push(key);
      else next = Math.min(next, when);
    }
    if (due.length > 0) {
      for (const key of due) asked.set(key, (asked.get(key) ?? 0) + 1);
      void reestimate();
      return;
    }
    if (Number.isFinite(next)) handle = setTimeout(() => void (!timers.disposed && arm()), next - now);
  };

  return { arm };
}
