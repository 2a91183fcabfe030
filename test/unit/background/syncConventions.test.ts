import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSyncConventions, SYNC_DELAY_MS } from '@/lib/background/syncConventions';
import { createLinkRules } from '@/lib/background/linkRules';
import { createQrStyles } from '@/lib/background/qrStyles';
import type { Session, SessionHolder } from '@/lib/background/session';
import { readLinkRules } from '@/lib/storage/linkRules';
import { SYNC_QUOTA } from '@/lib/storage/syncSplit';
import type { SiteRule, UtmPreset } from '@/lib/links/linkRules';

const KEY = 'SECRET-KEY-0123456789';
const SERVICE = 'https://short.example';
const preset = (id: string, name: string): UtmPreset => ({
  id,
  name,
  source: 'news',
  medium: 'email',
  campaign: 'spring',
  term: '',
  content: '',
});
const rule = (id: string, site: string): SiteRule => ({ id, site, domainId: null, campaignId: null, channelId: null, presetId: null });
const LOGO = { dataUrl: `data:image/png;base64,${'A'.repeat(4000)}`, type: 'image/png' as const, bytes: 3000, name: 'logo.png' };

const workers: { stopSync(): void }[] = [];
afterEach(() => workers.splice(0).forEach((w) => w.stopSync()));

/** One browser's worker, connected to account 7 of SERVICE (its key and so its fingerprint are its own). */
function browserWorker(fingerprint: string, key = KEY) {
  const session = {
    fingerprint,
    connection: { serviceUrl: SERVICE, apiKey: key },
    cache: { get: async () => ({ value: { id: 7, email: 'ann@example.org' }, fetchedAt: 0, stale: false }) },
  } as unknown as Session;
  const sessions = { get: async () => session, require: async () => session } as unknown as SessionHolder;
  const sync = createSyncConventions(sessions);
  workers.push(sync);
  return { sync, rules: createLinkRules(sessions), styles: createQrStyles(sessions), fingerprint };
}

/** Two browsers share the sync area, each with its own storage.local: `as` swaps this browser's in. */
const locals = new Map<string, Record<string, unknown>>();
let current = '';
async function as(name: string): Promise<void> {
  if (current) locals.set(current, await fakeBrowser.storage.local.get(null));
  await fakeBrowser.storage.local.clear();
  await fakeBrowser.storage.local.set(locals.get(name) ?? {});
  current = name;
}
const presetNames = async (fp: string) => (await readLinkRules(fp)).presets.map((p) => p.name);

describe('Sync presets, rules and QR style', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    locals.clear();
    current = '';
  });

  it('is off until turned on: nothing reaches storage.sync', async () => {
    const w = browserWorker('fp-a');
    await w.rules.saveLinkRules({ presets: [preset('p1', 'Newsletter')] });
    await w.sync.syncNow();
    expect(await w.sync.getSyncStatus()).toEqual({ enabled: false, logoKept: false, tooLarge: false });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it('writes only the presets, rules and style colours: never the key, the logo, Recent links, the queue or the cache', async () => {
    const w = browserWorker('fp-a');
    await fakeBrowser.storage.local.set({
      connection: { serviceUrl: SERVICE, apiKey: KEY },
      history: [{ id: 'h1', longUrl: 'https://private.example/secret-page', shortUrl: 'https://s.example/x' }],
      queue: [{ id: 'j1', args: { url: 'https://private.example/queued' } }],
      cache: { fingerprint: 'fp-a', lists: {} },
    });
    await w.rules.saveLinkRules({ presets: [preset('p1', 'Newsletter')], rules: [rule('r1', 'example.org')] });
    await w.styles.saveQrStyle({ style: { foreground: '#112233', background: '#ffffff', logo: LOGO } });
    expect(await w.sync.setSyncEnabled({ enabled: true })).toEqual({ enabled: true, logoKept: true, tooLarge: false });

    const area = await fakeBrowser.storage.sync.get(null);
    const written = JSON.stringify(area);
    expect(Object.keys(area).length).toBeGreaterThan(0);
    for (const key of Object.keys(area)) expect(key).toMatch(/^ls\.[0-9a-f]{16}(\.\d+)?$/);
    for (const secret of [KEY, 'fp-a', 'private.example', 'base64', 'ann@example.org']) expect(written).not.toContain(secret);
    expect(written).toContain('Newsletter');
    expect(written).toContain('#112233');
  });

  it('two browsers of the same account converge: the later edit of each preset wins, a deletion is kept, nothing is doubled', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    await as('laptop');
    const laptop = browserWorker('fp-laptop');
    await laptop.rules.saveLinkRules({ presets: [preset('a', 'Newsletter'), preset('b', 'Social')] });
    await laptop.sync.setSyncEnabled({ enabled: true });

    await as('desktop'); // another browser, another key of the same account: another fingerprint
    const desktop = browserWorker('fp-desktop', 'OTHER-KEY');
    await desktop.sync.setSyncEnabled({ enabled: true });
    expect(await presetNames('fp-desktop')).toEqual(['Newsletter', 'Social']);

    vi.spyOn(Date, 'now').mockReturnValue(2_000);
    await desktop.rules.saveLinkRules({ presets: [preset('b', 'Social')] }); // deletes Newsletter
    await as('laptop');
    vi.spyOn(Date, 'now').mockReturnValue(3_000);
    await laptop.rules.saveLinkRules({ presets: [preset('a', 'Newsletter'), preset('b', 'Social (laptop)')] });
    await laptop.sync.syncNow(); // the desktop's deletion has not reached the sync area yet
    await as('desktop');
    await desktop.sync.syncNow();
    await as('laptop');
    await laptop.sync.syncNow();

    expect(await presetNames('fp-laptop')).toEqual(['Social (laptop)']);
    await as('desktop');
    expect(await presetNames('fp-desktop')).toEqual(['Social (laptop)']);
  });

  it('conventions too large for the sync area stay in this browser, and the status says so', async () => {
    const w = browserWorker('fp-a');
    const presets = Array.from({ length: 400 }, (_, i) => ({ ...preset(`p${i}`, `Preset number ${i}`), content: 'c'.repeat(300) }));
    await w.rules.saveLinkRules({ presets });
    expect(await w.sync.setSyncEnabled({ enabled: true })).toEqual({ enabled: true, logoKept: false, tooLarge: true });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(await presetNames('fp-a')).toHaveLength(400);
    expect(JSON.stringify(presets).length).toBeGreaterThan(SYNC_QUOTA.total);
  });

  it('saves in a row are written in one batch (one set() call)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const w = browserWorker('fp-a');
      await w.sync.setSyncEnabled({ enabled: true });
      const set = vi.spyOn(fakeBrowser.storage.sync, 'set');
      for (let i = 1; i <= 5; i++) await w.rules.saveLinkRules({ presets: [preset('a', `Newsletter ${i}`)] });
      expect(set).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS * 4);
      await vi.waitFor(() => expect(set).toHaveBeenCalledTimes(1));
      expect(JSON.stringify(set.mock.calls[0]![0])).toContain('Newsletter 5');
    } finally {
      vi.useRealTimers();
    }
  });
});
