import { browser } from 'wxt/browser';

/** Shows a system notification (short link made, queued, or why it failed). */
export async function showNotification(title: string, message: string): Promise<void> {
  try {
    await browser.notifications.create({
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png' as never),
      title,
      message,
    });
  } catch {
    // Notifications can be turned off by the user or the system; the history still has the link.
  }
}
