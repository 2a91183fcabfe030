import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addToHistory, followHistoryWrites } from '@/lib/background/history';
import { createRecentLinks } from '@/lib/background/recentLinks';
import type { Session, SessionHolder } from '@/lib/background/session';
import type { HistoryEntry } from '@/lib/storage';

const SERVICE = 'https://sho.rt';

/** A session of one account of the service, whose deletes the test counts. */
const sessionOf = (fingerprint: string) =>
  ({
    fingerprint,
    connection: { serviceUrl: SERVICE, apiKey: `key-${fingerprint}` },
    client: { interactive: { deleteLink: vi.fn(async () => ({ message: 'deleted' })) } },
  }) as unknown as Session & {
    client: { interactive: { deleteLink: ReturnType<typeof vi.fn> } };
  };

const entry = (id: string, account: string): HistoryEntry => ({
  id,
  longUrl: `https://example.org/${id}`,
  shortUrl: `${SERVICE}/${id}`,
  shortCode: id,
  linkId: 42,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 0,
  service: SERVICE,
  account,
});

describe('Delete in Recent links, while another account of the same service becomes current', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    followHistoryWrites(fakeBrowser.storage.onChanged as never);
  });

  it('the delete goes to the account that made the link, the one it was found under, never to the account connected a moment later', async () => {
    const a = sessionOf('fp-a');
    const b = sessionOf('fp-b');
    await addToHistory(entry('made-on-a', 'fp-a'));
    // The switch lands right after the entry was found: every later read of the connection is B.
    let reads = 0;
    const sessions = {
      get: async () => (reads++ === 0 ? a : b),
      require: async () => b,
      forAccount: async (fp: string) => (fp === 'fp-a' ? a : b),
    } as unknown as SessionHolder;
    await createRecentLinks(sessions).deleteHistoryEntry({ id: 'made-on-a', remote: true });
    expect(b.client.interactive.deleteLink).not.toHaveBeenCalled();
    expect(a.client.interactive.deleteLink).toHaveBeenCalledWith(42);
  });
});
