/**
 * The links still waiting to be made, as the popup lists them under "Links waiting": the worker
 * tells open popups of them whenever the queue changes (popupNewsOf) and answers them to a popup
 * that opens (getWaitingLinks), both through `waitingLinksOf`, so the two never disagree.
 */
import type { Job } from '@/lib/storage';

/** A link still waiting to be made, as a popup lists (and may cancel) it. */
export interface WaitingLink {
  /** The job's id (cancelJob). */
  id: string;
  url: string;
  /** The account it is made with. */
  fingerprint: string;
  /** Not tried before this time (0: as soon as the budget allows). */
  notBefore: number;
  /**
   * When the rate budget is expected to let it leave (the worker's estimate, in its answer to a
   * popup that opens; the news of the queue carry none: the popup keeps it, lib/ui/popup/waiting.ts).
   */
  expectedAt?: number;
  /** Pressed in a private window: listed only by a popup of a private window. */
  private?: true;
}

/**
 * The jobs of the queue `jobs` (as stored: anything) that wait: not made, not settled, not a bulk
 * row (the bulk page lists its own), and the user told that it waits (`toldWaiting`) or waiting for
 * the service; a press the popup is still awaiting (a quick answer expected) is not listed, so a
 * link made at once never flashes a row.
 */
export function waitingLinksOf(jobs: unknown): WaitingLink[] {
  if (!Array.isArray(jobs)) return [];
  return (jobs as Partial<Job>[])
    .filter(
      (j) =>
        j &&
        (j.state === 'pending' || j.state === 'sending') &&
        !j.shortened &&
        j.source !== 'bulk' &&
        typeof j.id === 'string' &&
        typeof j.args?.url === 'string',
    )
    .filter((j) => j.toldWaiting === true || j.waitingSince !== undefined)
    .map((j) => ({
      id: j.id!,
      url: j.args!.url,
      fingerprint: String(j.fingerprint ?? ''),
      notBefore: Number(j.notBefore) || 0,
      ...(j.args!.private ? { private: true as const } : {}),
    }));
}
