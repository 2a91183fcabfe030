import { describe, expect, it } from 'vitest';
import { conventionsOf, emptyRecord, mergeRecords, stampLocal, TOMBSTONE_DAYS, type LocalConventions } from '@/lib/storage/syncRecord';
import { itemBytes, joinRecord, splitRecord, SYNC_QUOTA } from '@/lib/storage/syncSplit';
import { repairRecord } from '@/lib/storage/syncArea';
import type { SiteRule, UtmPreset } from '@/lib/links/linkRules';

const preset = (id: string, name: string, source = 'news'): UtmPreset => ({
  id,
  name,
  source,
  medium: 'email',
  campaign: 'spring',
  term: '',
  content: '',
});
const rule = (id: string, site: string): SiteRule => ({ id, site, domainId: null, campaignId: null, channelId: null, presetId: null });
const local = (presets: UtmPreset[], rules: SiteRule[] = [], style: LocalConventions['style'] = null): LocalConventions => ({
  presets,
  rules,
  style,
});
const names = (l: LocalConventions) => l.presets.map((p) => p.name);
const DAY = 86_400_000;

describe("the merge of two browsers' presets, rules and QR style", () => {
  it('takes the later change of each preset, whichever browser merges first', () => {
    const start = stampLocal(emptyRecord(), local([preset('a', 'Newsletter'), preset('b', 'Social')]), 1000);
    const laptop = stampLocal(start, local([preset('a', 'Newsletter (laptop)'), preset('b', 'Social')]), 2000);
    const desktop = stampLocal(start, local([preset('a', 'Newsletter'), preset('b', 'Social (desktop)')]), 3000);
    const one = conventionsOf(mergeRecords(laptop, desktop, 4000));
    const other = conventionsOf(mergeRecords(desktop, laptop, 4000));
    expect(names(one)).toEqual(['Newsletter (laptop)', 'Social (desktop)']);
    expect(other).toEqual(one);
  });

  it('keeps a deletion against an older edit, and an edit made after the deletion brings the preset back', () => {
    const start = stampLocal(emptyRecord(), local([preset('a', 'Newsletter'), preset('b', 'Social')]), 1000);
    const deleted = stampLocal(start, local([preset('b', 'Social')]), 3000);
    const olderEdit = stampLocal(start, local([preset('a', 'Newsletter 2'), preset('b', 'Social')]), 2000);
    expect(names(conventionsOf(mergeRecords(olderEdit, deleted, 4000)))).toEqual(['Social']);
    const laterEdit = stampLocal(start, local([preset('a', 'Newsletter 3'), preset('b', 'Social')]), 5000);
    // Back after the list the deletion ordered: at its end.
    expect(names(conventionsOf(mergeRecords(laterEdit, deleted, 6000)))).toEqual(['Social', 'Newsletter 3']);
  });

  it('never duplicates: the same preset from both sides is one, merging again changes nothing', () => {
    const a = stampLocal(emptyRecord(), local([preset('a', 'Newsletter')], [rule('r1', 'example.org')]), 1000);
    const b = stampLocal(emptyRecord(), local([preset('a', 'Newsletter'), preset('c', 'Print')], [rule('r1', 'example.org')]), 2000);
    const merged = mergeRecords(a, b, 3000);
    expect(names(conventionsOf(merged))).toEqual(['Newsletter', 'Print']);
    expect(conventionsOf(merged).rules).toHaveLength(1);
    expect(mergeRecords(merged, b, 3000)).toEqual(merged);
    expect(mergeRecords(merged, merged, 3000)).toEqual(merged);
  });

  it("forgets a deletion after the tombstones' time, not before", () => {
    const start = stampLocal(emptyRecord(), local([preset('a', 'Newsletter')]), 1000);
    const deleted = stampLocal(start, local([]), 2000);
    expect(mergeRecords(deleted, emptyRecord(), 2000 + (TOMBSTONE_DAYS - 1) * DAY).presets.a).toEqual({ t: 2000, d: 1 });
    expect(mergeRecords(deleted, emptyRecord(), 2000 + (TOMBSTONE_DAYS + 1) * DAY).presets).toEqual({});
  });

  it('a browser that never chose a style does not override one chosen elsewhere; a later choice wins', () => {
    const chosen = stampLocal(emptyRecord(), local([], [], { foreground: '#123456', background: '#ffffff' }), 1000);
    const fresh = stampLocal(emptyRecord(), local([]), 5000);
    expect(conventionsOf(mergeRecords(fresh, chosen, 6000)).style).toEqual({ foreground: '#123456', background: '#ffffff' });
    const later = stampLocal(chosen, local([], [], { foreground: '#000000', background: '#eeeeee' }), 7000);
    expect(conventionsOf(mergeRecords(chosen, later, 8000)).style).toEqual({ foreground: '#000000', background: '#eeeeee' });
  });

  it("reads another version's wrong entries as absent, keeping the rest", () => {
    const good = stampLocal(emptyRecord(), local([preset('a', 'Newsletter')], [rule('r1', 'example.org')]), 1000);
    const raw = JSON.parse(JSON.stringify(good));
    raw.presets.bad = { t: 5, v: { id: 'bad', name: '' } };
    raw.presets.other = { t: 5, v: preset('x', 'id does not match') };
    raw.rules.r2 = 'nonsense';
    const read = repairRecord(raw);
    expect(read).toEqual(good);
    expect(repairRecord('nonsense')).toEqual(emptyRecord());
  });
});

describe("the record split to fit the sync area's quotas", () => {
  const many = (n: number, text: string) => Array.from({ length: n }, (_, i) => preset(`p${i}`, `Preset ${i} ${text}`, text.repeat(20)));

  it('round-trips through chunks that each fit 8,192 bytes, its key counted, with quotes and non-ASCII text', () => {
    const record = stampLocal(emptyRecord(), local(many(60, 'Grüße "Ω" 😀')), 1000);
    const items = splitRecord('acct1', record)!;
    expect(Object.keys(items).length).toBeGreaterThan(3);
    for (const [k, v] of Object.entries(items)) expect(itemBytes(k, v)).toBeLessThanOrEqual(SYNC_QUOTA.perItem);
    const back = joinRecord('acct1', items);
    expect(back).toEqual({ state: 'ok', value: JSON.parse(JSON.stringify(record)) });
  });

  it('a record whose chunks have not all arrived is not taken', () => {
    const items = splitRecord('acct1', stampLocal(emptyRecord(), local(many(60, 'abc')), 1000))!;
    const mixed = { ...items, 'ls.acct1.1': (items['ls.acct1.1'] as string).replace('a', 'b') }; // a chunk of another write, the same length
    expect(joinRecord('acct1', mixed)).toEqual({ state: 'partial' });
    delete items['ls.acct1.1'];
    expect(joinRecord('acct1', items)).toEqual({ state: 'partial' });
    expect(joinRecord('acct2', items)).toEqual({ state: 'absent' });
  });

  it("a record over the area's 102,400 bytes is not split (it stays in this browser)", () => {
    const big = stampLocal(emptyRecord(), local(many(300, 'x'.repeat(20))), 1000);
    expect(JSON.stringify(big).length).toBeGreaterThan(SYNC_QUOTA.total);
    expect(splitRecord('acct1', big)).toBeNull();
  });
});
