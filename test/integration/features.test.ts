// Channels, titles, clean links and copy formats through the worker's service, against the sandbox over real HTTP.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createService } from '@/lib/background/service';
import type { NotifyOptions } from '@/lib/background/notify';

let sb: Sandbox;

function makeService() {
  const notes: { title: string; message: string; opts?: NotifyOptions }[] = [];
  const copies: string[] = [];
  const service = createService({
    fetch: (i, init) => fetch(i, init),
    copy: async (t) => (copies.push(t), true),
    notify: async (title, message, opts) => void notes.push({ title, message, opts }),
    wakeAt: () => {},
    hasHostPermission: async () => false,
  });
  return { service, notes, copies };
}
const until = async <T>(fn: () => T | undefined | false, what: string): Promise<T> => {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`not within 10 s: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000 });
});
afterEach(() => sb.close());

describe('channel', () => {
  it('assigns a new link to the chosen channel and keeps the title', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const channel = data.channels[1]!;
    const out = await service.shortening.shorten({
      url: 'https://example.org/in-channel',
      domainId: null,
      campaignId: null,
      channelId: channel.id,
      title: ' A page ',
    });
    if (out.status !== 'done') throw new Error('expected the link at once');
    // Answered when the link is made; the channel follows.
    expect(out.entry.channel).toEqual({ state: 'pending', channelId: channel.id });
    expect(out.entry.title).toBe('A page');
    expect((await service.shortening.getJob({ jobId: out.jobId!, waitMs: 5000 }))?.result?.channel).toEqual({
      state: 'assigned',
      channelId: channel.id,
    });
    const link = data.links.find((l) => l.url === 'https://example.org/in-channel')!;
    expect(data.channelItems.filter((i) => i.channel_id === channel.id && i.item_id === link.id && i.type === 'links')).toHaveLength(1);
    expect(sb.log.some((r) => r.method === 'POST' && r.path === `/api/channel/${channel.id}/assign/links/${link.id}`)).toBe(true);
    expect((await service.recent.getHistory())[0]).toMatchObject({ title: 'A page', channel: { state: 'assigned' } });
  });

  it('never fails the link because of the channel: the outcome says why', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const out = await service.shortening.shorten({
      url: 'https://example.org/no-channel',
      domainId: null,
      campaignId: null,
      channelId: 999_999,
    });
    if (out.status !== 'done') throw new Error('expected the link at once');
    expect(out.entry.shortUrl).toMatch(/^http/);
    const job = await service.shortening.getJob({ jobId: out.jobId!, waitMs: 5000 });
    expect(job?.state).toBe('done');
    expect(job?.result?.channel).toMatchObject({ state: 'failed', channelId: 999_999 });
    expect((job?.result?.channel as { reason: string }).reason).toMatch(/not found/i);
  });

  it('refuses a channel id that is not one before anything is sent', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const shortens = () => sb.log.filter((r) => r.path === '/api/shorten').length;
    const before = shortens();
    await expect(
      service.shortening.shorten({ url: 'https://example.org/x', domainId: null, campaignId: null, channelId: -3 }),
    ).rejects.toMatchObject({
      field: 'channelId',
    });
    expect(shortens()).toBe(before);
    expect(sb.state.forKey(sb.key).links.some((l) => l.url === 'https://example.org/x')).toBe(false);
  });
});

describe('menu, shortcut and address bar', () => {
  it('clean the URL, use the default channel, copy in the chosen format and offer Undo', async () => {
    const { service, notes, copies } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const channel = sb.state.forKey(sb.key).channels[0]!;
    await service.settings.saveSettings({ defaultChannelId: channel.id, copyFormat: 'html' });
    await service.shortening.shortenInBackground('https://example.org/a?utm_source=x&FBCLID=y&id=1#frag', 'command', 'Tom & Jerry');
    const link = await until(
      () => sb.state.forKey(sb.key).links.find((l) => l.url === 'https://example.org/a?id=1#frag'),
      'the cleaned link',
    );
    const note = await until(() => notes[0], 'the notification');
    expect(copies).toEqual([`<a href="${link.short_url}">Tom &amp; Jerry</a>`]);
    // Told when the link is made; the channel follows in Recent links.
    const entry = await vi.waitFor(async () => {
      const e = (await service.recent.getHistory())[0];
      expect(e?.channel?.state).toBe('assigned');
      return e!;
    });
    expect(note.opts).toEqual({ undoEntryId: entry.id });
    expect(entry.channel).toEqual({ state: 'assigned', channelId: channel.id });

    // Undo deletes it on the service and from Recent links.
    await service.recent.deleteHistoryEntry({ id: entry.id, remote: true });
    expect(sb.state.forKey(sb.key).links.find((l) => l.id === link.id)?.deleted ?? true).toBe(true);
    expect(await service.recent.getHistory()).toEqual([]);
  });

  it('keep the tracking parameters when the preference is off', async () => {
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.settings.saveSettings({ cleanLinks: false });
    await service.shortening.shortenInBackground('https://example.org/b?utm_source=x', 'omnibox');
    await until(() => notes[0], 'the notification');
    expect(sb.state.forKey(sb.key).links.some((l) => l.url === 'https://example.org/b?utm_source=x')).toBe(true);
  });

  it('"Shorten link" on a javascript: or mailto: link sends nothing and names the link that was refused', async () => {
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const before = sb.log.length;
    await service.shortening.shortenInBackground('javascript:void(0)', 'context-link');
    await service.shortening.shortenInBackground('mailto:someone@example.org', 'context-link', 'Write to us');
    await service.shortening.shortenInBackground('tel:+441234', 'context-link');
    await service.shortening.shortenInBackground('chrome://settings', 'context-page');
    expect(notes.map((n) => n.title)).toEqual([
      'This link cannot be shortened',
      'This link cannot be shortened',
      'This link cannot be shortened',
      'This page cannot be shortened',
    ]);
    expect(notes[0]!.message).toMatch(/^It is a javascript: link: it runs a script/);
    expect(notes[1]!.message).toMatch(/^It is an email link \(mailto:\)/);
    expect(notes[2]!.message).toMatch(/^It is a tel: link, not a link to a web page/);
    expect(sb.log.slice(before)).toEqual([]);
  });

  it('refuse a copy format that is not one', async () => {
    const { service } = makeService();
    await expect(service.settings.saveSettings({ copyFormat: 'rtf' as never })).rejects.toMatchObject({ field: 'copyFormat' });
  });
});
