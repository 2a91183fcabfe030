/**
 * What the popup does when asked (Shorten, following a queued link, deleting from Recent links), loaded with
 * import() after the first render: the first screen's script carries only what draws the form.
 */
import { createJobs } from './jobs';
import { recentTasks } from './recentTasks';
import { submitTasks } from './submit';
import { waitingTasks } from './waitingTasks';
import type { SliceKit, TaskActions } from './store';

/** The tasks of one popup's store. */
export function createTasks(kit: SliceKit): TaskActions {
  const jobs = createJobs(kit);
  return { ...submitTasks(kit, jobs), ...recentTasks(kit), ...waitingTasks(kit, jobs) };
}
