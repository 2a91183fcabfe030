import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';
import { onNotificationButton } from '@/lib/background/undo';
import { showNotification } from '@/lib/background/notify';
import { historyItem, type HistoryEntry } from '@/lib/storage';

const entry: HistoryEntry = {
  id: 'job-1',
  longUrl: 'https://example.com/a',
  shortUrl: 'https://s.example/a',
  shortCode: 'a',
  linkId: 4,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 1,
  service: 'http://127.0.0.1:1',
};

describe('Undo from a notification', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
    await historyItem.setValue([entry]);
  });

  it('offers an Undo button on Chrome, tied to the Recent links entry', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockResolvedValue('x' as never);
    await showNotification('Short link copied', 'https://s.example/a', { undoEntryId: 'job-1' });
    expect(create).toHaveBeenCalledWith(
      'undo:job-1',
      expect.objectContaining({ message: 'https://s.example/a', buttons: [{ title: 'Undo' }] }),
    );
  });

  it('shows the plain notification when the browser refuses buttons', async () => {
    const create = vi.spyOn(browser.notifications, 'create').mockImplementation((async (_id: string, o: { buttons?: unknown }) => {
      if (o.buttons) throw new Error('Unexpected property "buttons"');
      return 'x';
    }) as never);
    await showNotification('Short link copied', 'https://s.example/a', { undoEntryId: 'job-1' });
    expect(create).toHaveBeenCalledTimes(2);
    const last = create.mock.lastCall as unknown as [string, { message: string; buttons?: unknown }];
    expect(last[1].buttons).toBeUndefined();
    expect(last[1].message).toBe('https://s.example/a');
  });

  it('deletes the link on the service and says so', async () => {
    const deleteHistoryEntry = vi.fn(async () => []);
    const notify = vi.fn(async () => {});
    await onNotificationButton({ deleteHistoryEntry, notify }, 'undo:job-1', 0);
    expect(deleteHistoryEntry).toHaveBeenCalledWith({ id: 'job-1', remote: true });
    expect(notify).toHaveBeenCalledWith('Link deleted', 'https://s.example/a was deleted on the service and from Recent links.');
  });

  it('says why when the service refuses', async () => {
    const deleteHistoryEntry = vi.fn(async () => {
      throw { kind: 'not-found', message: 'Link not found.' };
    });
    const notify = vi.fn(async () => {});
    await onNotificationButton({ deleteHistoryEntry, notify }, 'undo:job-1', 0);
    expect(notify).toHaveBeenCalledWith('Could not delete the link', expect.any(String));
    expect(String((notify.mock.lastCall as unknown as string[] | undefined)?.[1]).length).toBeGreaterThan(5);
  });

  it('ignores other notifications and buttons', async () => {
    const deleteHistoryEntry = vi.fn(async () => []);
    await onNotificationButton({ deleteHistoryEntry, notify: vi.fn() }, 'something', 0);
    await onNotificationButton({ deleteHistoryEntry, notify: vi.fn() }, 'undo:job-1', 1);
    expect(deleteHistoryEntry).not.toHaveBeenCalled();
  });
});
