import type { Job } from '@/lib/storage';
import type { WaitingLink } from '@/lib/messaging/waitingLinks';

/**
 * A job as it may stay stored: a private window's job keeps its outcome (the short link, for a
 * popup that follows it) but, once its link is made or it has failed, not the long address nor
 * the page's title; until then the address is what a restarted worker needs to send it.
 */
export function forgetPrivate(job: Job): Job {
  if (!job.args.private || !(job.shortened || job.state === 'done' || job.state === 'failed')) return job;
  const { title: _title, ...args } = job.args;
  const result = job.result ? (({ title: _t, ...r }) => ({ ...r, longUrl: '' }))(job.result) : undefined;
  return { ...job, args: { ...args, url: '' }, ...(result ? { result } : {}) };
}

/** A private job as stored, with the address and title this worker kept in memory put back: for those told of it. */
export function withPrivateArgs(stored: Job, args: Job['args']): Job {
  const result = stored.result ? { ...stored.result, longUrl: args.url, ...(args.title ? { title: args.title } : {}) } : undefined;
  return { ...stored, args, ...(result ? { result } : {}) };
}

/** A sender of a message or port as the worker reads it: the tab it came from, if any. */
export interface PageSender {
  tab?: { incognito?: boolean };
}

/**
 * Whether a page of the extension may be handed a private window's long addresses: a page in a tab
 * when that tab is private; a popup (no tab) when it says its window is private (it read its
 * window's tab; Chrome's ports and messages say nothing of it: docs/ARCHITECTURE.md, "Private windows").
 */
export function seesPrivate(sender: PageSender | undefined, saysPrivate: unknown): boolean {
  const tab = sender?.tab;
  return tab ? tab.incognito === true : saysPrivate === true;
}

/** The links waiting as a page may list them: a private window's only for a page that sees them. */
export function waitingSeen(links: WaitingLink[], sees: boolean): WaitingLink[] {
  return sees ? links : links.filter((l) => !l.private);
}

/** A popup's links still being made as a page may follow them: a private window's only for a page that sees them. */
export function pendingSeen(jobs: Job[], sees: boolean): Job[] {
  return sees ? jobs : jobs.filter((j) => !j.args.private);
}
