// Each stored item's repair: garbage, wrong types, an older version and an oversized value.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as items from '@/lib/storage/items';
import * as qrRepairs from '@/lib/storage/qrRepairs';

const r = { ...items, ...qrRepairs };
import { bulkItem, DEFAULT_SETTINGS, historyItem, queueItem, settingsItem, storageNotices } from '@/lib/storage';
import { readLinkRules, repairLinkRules } from '@/lib/storage/linkRules';
import { createStorageCheck } from '@/lib/background/storedCheck';

const entry = (id: string, extra: object = {}) => ({
  id,
  longUrl: `https://example.org/${id}`,
  shortUrl: `https://sho.rt/${id}`,
  shortCode: id,
  linkId: 1,
  domainId: null,
  campaign: { state: 'none' },
  createdAt: 1,
  service: 'https://svc.example',
  ...extra,
});
const job = (id: string, extra: object = {}) => ({
  id,
  kind: 'shorten',
  source: 'popup',
  args: { url: `https://example.org/${id}`, domainId: null, campaignId: null },
  priority: 'interactive',
  state: 'pending',
  attempts: 0,
  notBefore: 0,
  createdAt: 1,
  fingerprint: 'fp',
  notify: false,
  ...extra,
});
const huge = 'x'.repeat(20_000);

describe('repairs', () => {
  it('history: keeps good entries, drops wrong and oversized ones, reads older entries, cuts an overlong list', () => {
    expect(r.repairHistory('garbage')).toEqual({ value: [], lost: true, changed: true });
    expect(r.repairHistory(undefined)).toEqual({ value: [], lost: false, changed: false });
    const old = entry('old'); // before channels, accounts and titles
    const out = r.repairHistory([
      entry('a', { title: huge }),
      { ...entry('b'), linkId: 'x' },
      entry('c', { longUrl: `https://e.org/${huge}` }),
      7,
      old,
    ]);
    expect(out.value.map((e) => e.id)).toEqual(['a', 'old']);
    expect(out.value[0]!.title).toHaveLength(1000);
    expect(out).toMatchObject({ lost: true, changed: true });
    const many = r.repairHistory(Array.from({ length: 12_000 }, (_, i) => entry(`e${i}`)));
    expect(many.value).toHaveLength(10_000);
    expect(many.value[0]!.id).toBe('e0');
  });

  it('history: a link whose campaign and channel are still being added reads as it is', () => {
    const made = entry('p', { campaign: { state: 'pending', campaignId: 3 }, channel: { state: 'pending', channelId: 4 } });
    const out = r.repairHistory([made]);
    expect(out.value[0]).toMatchObject({ campaign: { state: 'pending', campaignId: 3 }, channel: { state: 'pending', channelId: 4 } });
    expect(out).toMatchObject({ lost: false, changed: false });
  });

  it('queue: drops what cannot run, keeps every other job; an older job learns whether a page waits for it', () => {
    expect(r.repairQueue('garbage')).toMatchObject({ value: [], lost: true });
    expect(r.repairQueue([null, 7]).value).toEqual([]);
    const { notify: _, ...older } = job('old', { source: 'command' });
    const out = r.repairQueue([job('a', { priority: 'urgent', attempts: -1 }), older, job('b', { args: { url: huge + huge } })]);
    expect(out.value.map((j) => [j.id, j.priority, j.attempts, j.notify])).toEqual([
      ['a', 'background', 0, false],
      ['old', 'interactive', 0, true],
    ]);
    expect(out.lost).toBe(true);
    // What a newer version added is kept; a request that left stays "left" even when its time is unreadable.
    const [sent] = r.repairQueue([job('s', { sentAt: 'yesterday', lostAnswer: 1, future: { x: 1 } })]).value;
    expect(sent).toMatchObject({ sentAt: 0, lostAnswer: true, future: { x: 1 } });
  });

  it('unsent and bulk rows: a wrong entry goes, the rest stays; an older row without its job reads as one', () => {
    const u = { id: 'u', args: { url: 'https://example.org/u', domainId: null, campaignId: null }, createdAt: 1, announced: false };
    expect(r.repairUnsent({ id: 'x' })).toMatchObject({ value: [], lost: true });
    expect(r.repairUnsent([u, { ...u, args: 5 }]).value).toEqual([u]);
    const head = { id: 'b', createdAt: 1, fingerprint: 'fp', service: 's', domainId: null, campaignId: null };
    const rows = [
      { url: 'https://example.org/1', state: 'made', shortUrl: 'https://sho.rt/1' },
      { url: 5, state: 'made' },
    ];
    const bulk = r.repairBulk({ ...head, items: rows });
    expect(bulk.value?.items).toEqual([{ url: 'https://example.org/1', state: 'made', jobId: null, shortUrl: 'https://sho.rt/1' }]);
    expect(bulk.value?.channelId).toBeNull();
    expect(bulk.lost).toBe(true);
    expect(r.repairBulk('garbage')).toEqual({ value: null, lost: true, changed: true });
  });

  it('connection: a wrong URL loses it, a wrong key keeps the URL, a wrong header form is forgotten quietly', () => {
    expect(r.repairConnection({ serviceUrl: 5 })).toEqual({ value: null, lost: true, changed: true });
    expect(r.repairConnection('https://x.example')).toMatchObject({ value: null, lost: true });
    expect(r.repairConnection({ serviceUrl: 'https://x.example', apiKey: huge })).toEqual({
      value: { serviceUrl: 'https://x.example', apiKey: '' },
      lost: true,
      changed: true,
    });
    expect(r.repairConnection({ serviceUrl: 'https://x.example', apiKey: 'k', shortenAuth: 'cookie' })).toEqual({
      value: { serviceUrl: 'https://x.example', apiKey: 'k' },
      lost: false,
      changed: false,
    });
  });

  it('settings: member by member; an older version gets the new members without a word', () => {
    const repair = r.repairSettings(DEFAULT_SETTINGS);
    expect(repair(['x'])).toEqual({ value: DEFAULT_SETTINGS, lost: true, changed: true });
    const v1 = {
      defaultDomainId: 3,
      defaultCampaignId: null,
      autoCopy: false,
      keepHistory: true,
      lastDomainId: null,
      lastCampaignId: null,
    };
    expect(repair(v1)).toEqual({ value: { ...DEFAULT_SETTINGS, defaultDomainId: 3, autoCopy: false }, lost: false, changed: true });
    expect(repair({ ...DEFAULT_SETTINGS, historyLimit: 7, copyFormat: huge })).toMatchObject({ value: DEFAULT_SETTINGS, lost: true });
  });

  it('cache and budgets are forgotten quietly where wrong (the worker fetches and learns them again)', () => {
    const list = { value: [{ id: 1 }], fetchedAt: 1 };
    expect(
      r.repairCache({ fingerprint: 'fp', lists: { domains: list, campaigns: { value: [null, 7], fetchedAt: 1 } }, account: 5 }),
    ).toEqual({
      value: { fingerprint: 'fp', lists: { domains: list } },
      lost: false,
      changed: true,
    });
    expect(r.repairCache('garbage')).toEqual({ value: null, lost: false, changed: true });
    const state = { limit: 10, remaining: 3, resetAt: 5, windowMs: 60_000, learned: true };
    expect(r.repairBudgets({ main: { limit: 1 } })).toEqual({ value: {}, lost: false, changed: true });
    expect(r.repairBudgets({ a: { shorten: state }, b: { main: { limit: 1 } } })).toEqual({
      value: { a: { shorten: state } },
      lost: false,
      changed: true,
    });
    // One account's budgets as earlier versions kept them: the same budgets, now under its fingerprint.
    expect(r.repairBudgets({ fingerprint: 'fp', states: { shorten: state } })).toEqual({
      value: { fp: { shorten: state } },
      lost: false,
      changed: true,
    });
    expect(r.repairConnectionState({ connected: 'yes' })).toEqual({ value: null, lost: false, changed: true });
  });
});

describe('repairs of the QR styles, tracked QR codes and the policy', () => {
  it('a style the QR view would refuse is dropped for its account only; a wrong tracked code goes, the others stay', () => {
    const good = { foreground: '#000000', background: '#ffffff', logo: null };
    expect(r.repairQrStyles({ a: good, b: { ...good, foreground: '#ffffff', background: '#000000' }, c: 'x' })).toEqual({
      value: { a: good },
      lost: true,
      changed: true,
    });
    expect(r.repairQrStyles('garbage')).toEqual({ value: {}, lost: true, changed: true });
    const made = {
      shortUrl: 'https://sho.rt/a',
      state: 'made',
      foreground: 'rgb(0,0,0)',
      background: 'rgb(255,255,255)',
      createdAt: 1,
      id: 3,
      scans: 2,
    };
    expect(r.repairTrackedQrs({ fp: { a: made, b: { state: 'nope' } }, other: 5 })).toEqual({
      value: { fp: { a: made } },
      lost: true,
      changed: true,
    });
    expect(r.repairTrackedQrs({ fp: { a: made } })).toEqual({ value: { fp: { a: made } }, lost: false, changed: false });
  });

  it("a wrong policy record is forgotten quietly (the worker reads the browser's policy again)", () => {
    const state = { policy: { settings: { keepHistory: { value: false, locked: true } }, ignored: [] }, applied: {} };
    expect(r.repairPolicy(state)).toEqual({ value: state, lost: false, changed: false });
    expect(r.repairPolicy({ policy: 'x' })).toEqual({ value: null, lost: false, changed: true });
  });
});

describe('items read through their repair', () => {
  beforeEach(() => fakeBrowser.reset());

  it('writes the repaired value back and notes the loss once', async () => {
    await fakeBrowser.storage.local.set({ history: [entry('a'), 'bad'] });
    expect((await historyItem.getValue()).map((e) => e.id)).toEqual(['a']);
    expect((await fakeBrowser.storage.local.get('history')).history).toHaveLength(1);
    expect(await historyItem.getValue()).toHaveLength(1);
    expect(await storageNotices.take()).toEqual(['history']);
    expect(await storageNotices.take()).toEqual([]);
  });

  it('an older settings version is migrated, a newer one (a downgrade) is read member by member', async () => {
    await fakeBrowser.storage.local.set({ settings: { autoCopy: false }, settings$: { v: 9 } });
    expect(await settingsItem.getValue()).toEqual({ ...DEFAULT_SETTINGS, autoCopy: false });
    await fakeBrowser.storage.local.set({ queue: 'garbage', bulk: [1] });
    expect(await queueItem.getValue()).toEqual([]);
    expect(await bulkItem.getValue()).toBeNull();
    expect((await storageNotices.take()).sort()).toEqual(['bulk', 'queue']);
  });
});

describe('presets and site rules read through their repair', () => {
  beforeEach(() => fakeBrowser.reset());
  const valid = { id: 'ok', site: 'example.com/blog/', domainId: null, campaignId: 3, channelId: null, presetId: null };
  const news = { id: 'p1', name: 'Newsletter', source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' };

  it('a bad rule is dropped and the valid one kept; a bad presets member goes alone; the loss is noted once', async () => {
    const damaged = { presets: 'garbage', rules: [{ ...valid, id: 'bad', site: 42 }, valid], campaignPresets: {} };
    const other = { presets: [news, { id: 'p2' }], rules: [], campaignPresets: { '4': 'p1' } };
    await fakeBrowser.storage.local.set({ linkRules: { fp: damaged, other } });
    expect(await readLinkRules('fp')).toMatchObject({ presets: [], rules: [valid] });
    expect(await readLinkRules('other')).toMatchObject({ presets: [news], campaignPresets: { '4': 'p1' } });
    // Written back repaired, told once.
    expect(((await fakeBrowser.storage.local.get('linkRules')).linkRules as Record<string, { rules: unknown[] }>).fp!.rules).toEqual([
      valid,
    ]);
    expect(await storageNotices.take()).toEqual(['linkRules']);
    expect(await storageNotices.take()).toEqual([]);
  });

  it('untouched records are read as they are, without a word', () => {
    const good = { fp: { presets: [news], rules: [valid], campaignPresets: {} } };
    expect(repairLinkRules(good)).toEqual({ value: good, lost: false, changed: false });
    expect(repairLinkRules(undefined)).toEqual({ value: {}, lost: false, changed: false });
    expect(repairLinkRules('garbage')).toEqual({ value: {}, lost: true, changed: true });
  });

  it("the pages' question names each damaged item once: presets and rules, QR styles, tracked QR codes", async () => {
    const made = { shortUrl: 'https://sho.rt/a', state: 'made', foreground: 'rgb(0,0,0)', background: 'rgb(255,255,255)', createdAt: 1 };
    await fakeBrowser.storage.local.set({
      linkRules: { fp: { presets: 'garbage', rules: [{ ...valid, id: 'bad', site: 42 }, valid], campaignPresets: {} } },
      qrStyles: { fp: 'garbage', other: { foreground: '#000000', background: '#ffffff', logo: null } },
      trackedQrs: { fp: { a: made, b: { state: 'nope' } } },
    });
    const take = createStorageCheck();
    expect((await take()).sort()).toEqual(['linkRules', 'qrStyles', 'trackedQrs']);
    expect(await take()).toEqual([]);
    expect((await readLinkRules('fp')).rules).toEqual([valid]);
  });
});

describe("the pages' question, asked again", () => {
  beforeEach(() => fakeBrowser.reset());

  it('tells of presets and rules damaged while the worker lives, once', async () => {
    const take = createStorageCheck();
    expect(await take()).toEqual([]);
    const valid = { id: 'ok', site: 'example.com', domainId: null, campaignId: 3, channelId: null, presetId: null };
    await fakeBrowser.storage.local.set({
      linkRules: { fp: { presets: 'garbage', rules: [{ ...valid, id: 'bad', site: 42 }, valid], campaignPresets: {} } },
    });
    expect(await take()).toEqual(['linkRules']);
    expect(await take()).toEqual([]);
    expect((await readLinkRules('fp')).rules).toEqual([valid]);
  });
});
