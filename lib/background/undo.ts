/** Undo from a notification: deletes the link on the service and from Recent links, and says so. */
import { browser } from '@wxt-dev/browser';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import { historyEntry } from './history';
import { UNDO_PREFIX, type NotifyOptions } from './notify';

export interface UndoDeps {
  deleteHistoryEntry: (data: { id: string; remote: boolean }) => Promise<unknown>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
}

/** Handles a notification button: the only button of ours is Undo. */
export async function onNotificationButton(deps: UndoDeps, notificationId: string, buttonIndex: number): Promise<void> {
  if (!notificationId.startsWith(UNDO_PREFIX) || buttonIndex !== 0) return;
  const entryId = notificationId.slice(UNDO_PREFIX.length);
  try {
    await browser.notifications.clear(notificationId);
  } catch {
    // Already gone: nothing to clear.
  }
  const entry = await historyEntry(entryId);
  const label = entry?.shortUrl ?? '';
  try {
    await deps.deleteHistoryEntry({ id: entryId, remote: true });
    await deps.notify(t('notifyDeletedTitle'), t('notifyDeletedBody', label));
  } catch (e) {
    await deps.notify(t('notifyUndoFailedTitle'), errorSentence(e, 'notification'));
  }
}
