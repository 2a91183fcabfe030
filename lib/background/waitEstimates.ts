/**
 * When the links waiting for their account's shorten budget may expect to leave: the budget's
 * own estimate (`RateBudgets.estimateSendAt`), each behind the jobs that leave before it at the
 * gate (of its account, not made yet, not on the wire: those the budget counts already; a press
 * before a bulk row), for a press as it is queued and for a popup that opens on links that wait.
 */
import type { Job } from '@/lib/storage';
import { waitingLinksOf, type WaitingLink } from '@/lib/messaging/waitingLinks';
import { pendingSeen, waitingSeen } from './privateJobs';
import { pendingJobView } from './jobViews';
import type { PendingJob } from '@/lib/messaging/jobView';
import type { Session } from './session';

/** Whether a job waits at the gate for the budget: not settled, not made, not on the wire, not waiting for the service or a later time. */
const atGate = (j: Job, onWire: (id: string) => boolean, now: number): boolean =>
  (j.state === 'pending' || j.state === 'sending') && !j.shortened && j.waitingSince === undefined && !(j.notBefore > now) && !onWire(j.id);

/** The gate's order: a press (interactive) before a bulk row, each in the order it came. */
const rank = (j: Job): number => (j.priority === 'interactive' ? 0 : 1);

/** How many jobs leave before a new press of `fingerprint` (its `ahead` for the budget's estimate): the presses at its account's gate. */
export function aheadOfPress(jobs: readonly Job[], fingerprint: string, onWire: (id: string) => boolean, now: number): number {
  return jobs.filter((j) => j.fingerprint === fingerprint && atGate(j, onWire, now) && rank(j) === 0).length;
}

/** The estimate of every job at the gate, by job id; only times still to come. */
export async function budgetEstimates(
  jobs: readonly Job[],
  sessionOf: (fingerprint: string) => Promise<Session | null>,
  onWire: (id: string) => boolean,
  now: number,
): Promise<Map<string, number>> {
  const byAccount = new Map<string, Job[]>();
  for (const j of jobs) {
    if (!atGate(j, onWire, now)) continue;
    const fp = String(j.fingerprint ?? '');
    byAccount.set(fp, [...(byAccount.get(fp) ?? []), j]);
  }
  const out = new Map<string, number>();
  for (const [fingerprint, list] of byAccount) {
    const s = await sessionOf(fingerprint).catch(() => null);
    if (!s) continue;
    // Sorted stably: presses first, as the gate sends them.
    [...list]
      .sort((a, b) => rank(a) - rank(b))
      .forEach((j, ahead) => {
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
): Promise<{ pending: PendingJob[]; waiting: WaitingLink[] }> {
  const at = await budgetEstimates(jobs, sessionOf, onWire, now);
  return {
    pending: pendingSeen(
      jobs.filter((j) => j.source === 'popup'),
      sees,
    ).map(pendingJobView),
    waiting: waitingSeen(waitingLinksOf(jobs), sees).map((l) => (at.has(l.id) ? { ...l, expectedAt: at.get(l.id)! } : l)),
  };
}

/** Answer at once with "queued" when the budget makes the user wait longer than this. */
export const QUEUE_ANSWER_AFTER_MS = 1500;
/**
 * Longest a page waits for a shorten before being told that the link waits (the service is slow,
 * or the budget): the popup then follows the job and shows the link when the answer comes.
 */
export const SHORTEN_WAIT_MS = 10_000;
