import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ANNOUNCE_AFTER_MS, createUnsent } from '@/lib/background/unsent';
import type { Job } from '@/lib/storage';

const job = (id: string, url: string) => ({ id, args: { url, domainId: null, campaignId: null }, createdAt: 1 }) as Job;

describe('links not sent because the account changed', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are named in one notification per change, at most three by address and the rest counted', async () => {
    vi.useFakeTimers();
    try {
      const notes: { title: string; message: string }[] = [];
      const unsent = createUnsent(async (title, message) => void notes.push({ title, message }));
      for (let i = 1; i <= 5; i++) await unsent.add(job(`j${i}`, `https://example.org/${i}`));
      await unsent.add(job('j1', 'https://example.org/1')); // the same job again: kept once
      expect(notes).toEqual([]);
      await vi.advanceTimersByTimeAsync(ANNOUNCE_AFTER_MS + 10);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.title).toBe('Links not made: the API key changed');
      expect(notes[0]!.message).toMatch(/^https:\/\/example\.org\/1\nhttps:\/\/example\.org\/2\nhttps:\/\/example\.org\/3\n… and 2 more\n/);
      // A later change: only its own links.
      await unsent.add(job('j6', 'https://example.org/6'));
      await vi.advanceTimersByTimeAsync(ANNOUNCE_AFTER_MS + 10);
      expect(notes).toHaveLength(2);
      expect(notes[1]!.message).toMatch(/^https:\/\/example\.org\/6\n/);
      expect((await unsent.list()).map((u) => u.id)).toEqual(['j1', 'j2', 'j3', 'j4', 'j5', 'j6']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('taken links (made again or dismissed) leave the list', async () => {
    const unsent = createUnsent(async () => {});
    await unsent.add(job('a', 'https://example.org/a'));
    await unsent.add(job('b', 'https://example.org/b'));
    expect((await unsent.take(['a'])).map((u) => u.id)).toEqual(['a']);
    expect((await unsent.list()).map((u) => u.id)).toEqual(['b']);
  });
});
