import { browser } from '@wxt-dev/browser';
import { t } from '@/lib/i18n';

/** Notifications about a made link carry this prefix and the history entry's id (Undo finds the link by it). */
export const UNDO_PREFIX = 'undo:';

/** Options of a notification: `undoEntryId` offers Undo for that Recent links entry. */
export interface NotifyOptions {
  undoEntryId?: string;
}

const basic = (title: string, message: string) => ({
  type: 'basic' as const,
  iconUrl: browser.runtime.getURL('/icon/128.png' as never),
  title,
  message,
});

/**
 * Shows a system notification (short link made, queued, or why it failed). With Undo: a
 * button where the browser has notification buttons (Chrome, Edge). Firefox has none, and a
 * click on the notification is how people dismiss it there, so it gets the plain
 * notification: the link is undone with Delete in Recent links (README, "Undo").
 */
export async function showNotification(title: string, message: string, opts: NotifyOptions = {}): Promise<void> {
  try {
    if (!opts.undoEntryId) {
      await browser.notifications.create(basic(title, message));
      return;
    }
    const id = `${UNDO_PREFIX}${opts.undoEntryId}`;
    if (import.meta.env.BROWSER !== 'firefox') {
      try {
        await browser.notifications.create(id, { ...basic(title, message), buttons: [{ title: t('notifyUndo') }] } as never);
        return;
      } catch {
        // A browser without buttons refuses the member: the plain notification, as on Firefox.
      }
    }
    await browser.notifications.create(id, basic(title, message));
  } catch {
    // Notifications can be turned off by the user or the system; the history still has the link.
  }
}
