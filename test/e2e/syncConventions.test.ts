/**
 * "Sync presets, rules and QR style" in Chromium: chrome.storage.sync works in a test profile
 * without a Google account, so another browser's install is simulated by writing into this
 * profile's sync area what that install would have written (its record, with later changes). The
 * open options page shows them; a deletion from there is kept; the key never reaches the area.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'wxt/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalInWorker, openOptions, until } from './harness';
import { withExtension } from './fixture';

/** The extension APIs, as seen by code evaluated inside the worker. */
declare const chrome: typeof Browser;

type Area = Record<string, unknown>;
interface Entry {
  t: number;
  v?: { id: string; name: string } & Record<string, unknown>;
  d?: 1;
}

/** The sync area as the worker sees it. */
const syncArea = (ext: { h: Parameters<typeof evalInWorker>[0] }) =>
  evalInWorker(ext.h, () => chrome.storage.sync.get(null) as Promise<Area>, null);

/** The one account's record in the area: its head key and the record joined from its chunks. */
function recordOf(area: Area): { head: string; record: { presets: Record<string, Entry> } & Record<string, unknown> } {
  const head = Object.keys(area).find((k) => /^ls\.[0-9a-f]{16}$/.test(k))!;
  const { n } = area[head] as { n: number };
  const text = Array.from({ length: n }, (_, i) => area[`${head}.${i}`] as string).join('');
  return { head, record: JSON.parse(text) };
}

describe('Sync presets, rules and QR style', () => {
  const ext = withExtension();
  let page: Page;
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const presetNames = () =>
    region('UTM presets')
      .locator('strong.name')
      .allTextContents()
      .catch(() => [] as string[]);

  /** Writes into the sync area what another install of the same account wrote there (as one chunk). */
  async function anotherBrowserWrites(change: (presets: Record<string, Entry>) => void): Promise<void> {
    const { head, record } = recordOf(await syncArea(ext));
    change(record.presets);
    const text = JSON.stringify(record);
    await evalInWorker(
      ext.h,
      async ({ head, text, old }) => {
        await chrome.storage.sync.remove(old.filter((k) => k.startsWith(`${head}.`)));
        await chrome.storage.sync.set({ [head]: { n: 1, len: text.length }, [`${head}.0`]: text });
      },
      { head, text, old: Object.keys(await syncArea(ext)) },
    );
  }

  beforeAll(async () => {
    page = await openOptions(ext.h);
    await region('UTM presets').getByText('No UTM presets yet.').waitFor();
  });

  it('is off until turned on; then the presets go to storage.sync under the account, never the key', async () => {
    const presets = region('UTM presets');
    await presets.getByLabel('Preset name', { exact: true }).fill('Newsletter');
    await presets.getByLabel('UTM source', { exact: true }).fill('news');
    await presets.getByRole('button', { name: 'Add preset', exact: true }).click();
    await presets.getByText('Preset “Newsletter” added.').waitFor();
    expect(await syncArea(ext)).toEqual({});

    const prefs = region('Preferences');
    const box = prefs.getByRole('checkbox', { name: 'Sync presets, rules and QR style', exact: true });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await prefs.getByText('Presets, rules and QR style are synced.').waitFor();
    const area = await until(async () => {
      const a = await syncArea(ext);
      return Object.keys(a).length ? a : null;
    }, 'the record in storage.sync');
    for (const key of Object.keys(area)) expect(key).toMatch(/^ls\.[0-9a-f]{16}(\.\d+)?$/);
    const written = JSON.stringify(area);
    expect(written).toContain('Newsletter');
    expect(written).not.toContain(ext.sb.key);
    expect(written).not.toContain(ext.sb.url);
  });

  it("shows another browser's edits while the page is open, and keeps its deletion", async () => {
    const later = Date.now() + 60_000;
    await anotherBrowserWrites((presets) => {
      const [id, entry] = Object.entries(presets)[0]!;
      presets[id] = { t: later, v: { ...entry.v!, name: 'Newsletter (desktop)' } };
      presets['desktop-1'] = { t: later, v: { ...entry.v!, id: 'desktop-1', name: 'Print' } };
    });
    await until(
      async () => (await presetNames()).join(', ') === 'Newsletter (desktop), Print',
      "the other browser's presets shown",
      20_000,
    );

    await anotherBrowserWrites((presets) => {
      presets['desktop-1'] = { t: later + 1, d: 1 };
    });
    await until(async () => (await presetNames()).join(', ') === 'Newsletter (desktop)', 'the deletion shown', 20_000);
    // Merged back: the area keeps the deletion as such (a tombstone), and this browser does not bring the preset back.
    await until(
      async () => (recordOf(await syncArea(ext)).record.presets['desktop-1']?.d === 1 ? true : null),
      'the tombstone kept',
      20_000,
    );
    expect(await presetNames()).toEqual(['Newsletter (desktop)']);
  });
});
