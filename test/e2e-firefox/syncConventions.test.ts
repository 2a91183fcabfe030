/**
 * "Sync presets, rules and QR style" in Firefox ESR, as the Chromium test (test/e2e/syncConventions.test.ts):
 * storage.sync works in a profile without a Firefox account, so another install is simulated by
 * writing into the sync area what it would have written. The open options page shows its edits,
 * its deletion is kept, and the key never reaches the area.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { control, evalInExtension, fill, openOptions, until, withExtension } from './harness';

type Area = Record<string, unknown>;
interface Entry {
  t: number;
  v?: { id: string; name: string } & Record<string, unknown>;
  d?: 1;
}

describe('Firefox: Sync presets, rules and QR style', () => {
  const ext = withExtension();
  const syncArea = () => evalInExtension(ext.h, () => browser.storage.sync.get(null) as Promise<Area>, null);
  /** The names listed in the section "UTM presets". */
  const presetNames = (page: Page) =>
    page
      .evaluate(() => {
        const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'UTM presets');
        return [...(heading?.closest('section')?.querySelectorAll('strong.name') ?? [])].map((e) => e.textContent ?? '');
      })
      .catch(() => [] as string[]);

  /** Writes into the sync area what another install of the same account wrote there (as one chunk). */
  async function anotherBrowserWrites(change: (presets: Record<string, Entry>) => void): Promise<void> {
    const area = await syncArea();
    const head = Object.keys(area).find((k) => /^ls\.[0-9a-f]{16}$/.test(k))!;
    const { n } = area[head] as { n: number };
    const record = JSON.parse(Array.from({ length: n }, (_, i) => area[`${head}.${i}`] as string).join('')) as {
      presets: Record<string, Entry>;
    };
    change(record.presets);
    const text = JSON.stringify(record);
    await evalInExtension(
      ext.h,
      async ({ head, text, old }) => {
        await browser.storage.sync.remove(old.filter((k) => k.startsWith(`${head}.`)));
        await browser.storage.sync.set({ [head]: { n: 1, len: text.length }, [`${head}.0`]: text });
      },
      { head, text, old: Object.keys(area) },
    );
  }

  it("turned on, another install's edits are shown in the open options page, its deletion kept, the key never synced", async () => {
    const page = await openOptions(ext.h);
    await fill(await control(page, 'textbox', 'Preset name'), 'Newsletter');
    await fill(await control(page, 'textbox', 'UTM source'), 'news');
    await (await control(page, 'button', 'Add preset')).click();
    await until(async () => ((await presetNames(page)).includes('Newsletter') ? true : null), 'the preset shown');
    expect(await syncArea()).toEqual({});

    await (await control(page, 'checkbox', 'Sync presets, rules and QR style')).click();
    await until(async () => page.$('xpath/.//p[text()="Presets, rules and QR style are synced."]'), 'the sync said on');
    const area = await until(async () => {
      const a = await syncArea();
      return Object.keys(a).length ? a : null;
    }, 'the record in storage.sync');
    for (const key of Object.keys(area)) expect(key).toMatch(/^ls\.[0-9a-f]{16}(\.\d+)?$/);
    expect(JSON.stringify(area)).toContain('Newsletter');
    expect(JSON.stringify(area)).not.toContain(ext.sb.key);

    const later = Date.now() + 60_000;
    await anotherBrowserWrites((presets) => {
      const [id, entry] = Object.entries(presets)[0]!;
      presets[id] = { t: later, v: { ...entry.v!, name: 'Newsletter (desktop)' } };
      presets['desktop-1'] = { t: later, v: { ...entry.v!, id: 'desktop-1', name: 'Print' } };
    });
    await until(
      async () => ((await presetNames(page)).join(', ') === 'Newsletter (desktop), Print' ? true : null),
      "the other install's presets shown",
      20_000,
    );
    await anotherBrowserWrites((presets) => {
      presets['desktop-1'] = { t: later + 1, d: 1 };
    });
    await until(async () => ((await presetNames(page)).join(', ') === 'Newsletter (desktop)' ? true : null), 'the deletion shown', 20_000);
  });
});
