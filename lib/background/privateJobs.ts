import type { Job } from '../storage';

/**
 * A settled job as it may stay stored: a private window's job keeps its outcome (the short link,
 * for a popup that follows it) but not the long address nor the page's title.
 */
export function forgetPrivate(job: Job): Job {
  if (!job.args.private || !(job.state === 'done' || job.state === 'failed')) return job;
  const { title: _title, ...args } = job.args;
  const result = job.result ? (({ title: _t, ...r }) => ({ ...r, longUrl: '' }))(job.result) : undefined;
  return { ...job, args: { ...args, url: '' }, ...(result ? { result } : {}) };
}
