/**
 * When the links waiting for their account's shorten budget may expect to leave: the budget's
 * own estimate (`RateBudgets.estimateSendAt`), each behind the links of its account not made yet
 * before it (as a press is told when it is queued), for a popup that opens on links that wait.
 */
import type { Job } from '../storage';
import { waitingLinksOf, type WaitingLink } from '../messaging/waitingLinks';
import { pendingSeen, waitingSeen } from './privateJobs';
import type { Session } from './session';

/** The estimate of every link that waits for the budget (not for the service, not on the wire), by job id; only times still to come. */
async function budgetEstimates(
  jobs: readonly Job[],
  sessionOf: (fingerprint: string) => Promise<Session | null>,
  onWire: (id: string) => boolean,
  now: number,
): Promise<Map<string, number>> {
  const byAccount = new Map<string, Job[]>();
  for (const j of jobs) {
    if (!(j.state === 'pending' || j.state === 'sending') || j.shortened || j.waitingSince !== undefined || j.notBefore > now || onWire(j.id)) continue;
    const fp = String(j.fingerprint ?? '');
    byAccount.set(fp, [...(byAccount.get(fp) ?? []), j]);
  }
  const out = new Map<string, number>();
  for (const [fingerprint, list] of byAccount) {
    const s = await sessionOf(fingerprint).catch(() => null);
    if (!s) continue;
    list.forEach((j, ahead) => {
      const at = s.gate.budgets.estimateSendAt('shorten', ahead);
      if (at > now) out.set(j.id, at);
    });
  }
  return out;
}

/**
 * What a popup that opens is told of the unsettled `jobs`, as a page that `sees` a private
 * window's (or not) may know them: the popup's links still being made, and the links waiting,
 * each that waits for the budget with its estimate (`expectedAt`).
 */
export async function popupWaitingOf(
  jobs: readonly Job[],
  sees: boolean,
  sessionOf: (fingerprint: string) => Promise<Session | null>,
  onWire: (id: string) => boolean,
  now: number,
): Promise<{ pending: Job[]; waiting: WaitingLink[] }> {
  const at = await budgetEstimates(jobs, sessionOf, onWire, now);
  return {
    pending: pendingSeen(jobs.filter((j) => j.source === 'popup'), sees),
    waiting: waitingSeen(waitingLinksOf(jobs), sees).map((l) => (at.has(l.id) ? { ...l, expectedAt: at.get(l.id)! } : l)),
  };
}
