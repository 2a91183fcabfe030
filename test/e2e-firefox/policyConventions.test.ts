/**
 * The organisation's UTM presets and site rules from a policies.json in Firefox ESR (the file
 * named by `browser.policies.alternatePath`, as policy.test.ts explains): the options page lists
 * them as set by the organisation; the popup says whose rule it is and applies its campaign and
 * preset over the user's own rule for the same site; a wrong rule is ignored alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { control, evalInExtension, openOptions, openPopupFor, until, valueOf, withExtension } from './harness';

declare const browser: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };

describe("the organisation's presets and rules from a policies.json (Firefox, 3rdparty)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-policy-'));
  const file = join(dir, 'policies.json');
  const before = process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
  let site = '';
  let campaignId = 0;
  const ext = withExtension({
    beforeLaunch: (sandbox) => {
      site = `${new URL(sandbox.url).host}/page/`;
      campaignId = sandbox.state.forKey(sandbox.key).campaigns[0]!.id;
      const policy = {
        serviceUrl: sandbox.url,
        utmPresets: { locked: true, presets: [{ id: 'news', name: 'Org newsletter', source: 'newsletter', medium: 'email' }] },
        siteRules: {
          locked: true,
          rules: [
            { id: 'pages', site, campaignId, presetId: 'news' },
            { id: 'bad', site: 'not a site' },
          ],
        },
      };
      writeFileSync(file, JSON.stringify({ policies: { '3rdparty': { Extensions: { 'linkshort@extension.example': policy } } } }));
      process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = '1'; // Firefox inherits it
    },
    launch: {
      prefs: { 'browser.policies.alternatePath': file, 'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true },
    },
  });
  afterAll(() => {
    if (before === undefined) delete process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
    else process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('the options page lists them as set by the organisation; the popup says whose rule and applies it', async () => {
    const h = ext.h;
    await until(
      async () =>
        (await evalInExtension(h, async () => JSON.stringify(await browser.storage.local.get('policy')), undefined)).includes('org:pages'),
      'the policy applied',
      20_000,
    );
    const options = await openOptions(h);
    const org = await control(await control(options, 'region', 'Site rules'), 'region', 'Set by your organisation');
    await until(async () => (await valueOf(org)).includes(site), "the organisation's rule listed", 20_000);
    expect(await org.$$('button')).toHaveLength(0);
    await until(
      async () => (await options.evaluate(() => document.body.textContent ?? '')).includes('siteRules.rules.1'),
      'the wrong rule said',
      20_000,
    );

    const url = `${ext.sb.url}/page/org-ff`;
    const popup = await openPopupFor(h, url);
    await until(
      async () => (await popup.evaluate(() => document.body.textContent ?? '')).includes(`Your organisation's rule: ${site}`),
      'whose rule',
      20_000,
    );
    const longUrl = await control(popup, 'textbox', 'Long URL');
    await until(
      async () => (await valueOf(longUrl)) === `${url}?utm_source=newsletter&utm_medium=email`,
      "the preset's UTM values",
      20_000,
    );
    expect(await valueOf(await control(popup, 'combobox', 'Campaign'))).toBe(String(campaignId));
  }, 90_000);
});
