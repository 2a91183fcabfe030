/**
 * What the popup does when asked (Shorten, following a queued link, deleting from Recent links), loaded with
 * import() after the first render: the first screen's script carries only what draws the form.
 */
import { createJobs } from './popupJobs';
import { recentTasks } from './popupRecentTasks';
import { submitTasks } from './popupSubmit';
import type { SliceKit, TaskActions } from './popupStore';

/** The tasks of one popup's store. */
export function createTasks(kit: SliceKit): TaskActions {
  return { ...submitTasks(kit, createJobs(kit)), ...recentTasks(kit) };
}
