/**
 * Managed installs in Firefox ESR: a policies.json with a `3rdparty` section for
 * the extension's gecko id sets the service URL, locked; the options page shows it disabled
 * with the reason.
 *
 * Where Firefox reads the policy: the installation's distribution/policies.json or, on Linux,
 * /etc/firefox/policies/policies.json, both shared by every Firefox on the machine (and every
 * build of this extension has the same gecko id, so a file there would reach other test runs).
 * The pref `browser.policies.alternatePath` names another file, but Firefox honours it only in
 * automation (Cu.isInAutomation): the pref
 * `security.turn_off_all_security_so_that_viruses_can_take_over_this_computer` together with
 * the environment variable MOZ_DISABLE_NONLOCAL_CONNECTIONS=1 (checked on ESR 153; without the
 * variable `storage.managed.get()` says "Managed storage manifest not found"). So this test
 * writes its own policies.json in a temporary folder; loopback connections (the sandbox) stay
 * allowed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { control, evalInExtension, openOptions, until, withExtension, OUTCOME_MS } from './harness';

declare const browser: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } };

describe('a policies.json (Firefox, 3rdparty)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkshort-policy-'));
  const file = join(dir, 'policies.json');
  const before = process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
  const ext = withExtension({
    beforeLaunch: (sandbox) => {
      const policy = { serviceUrl: sandbox.url, keepHistory: false, locked: ['serviceUrl', 'keepHistory'] };
      writeFileSync(file, JSON.stringify({ policies: { '3rdparty': { Extensions: { 'linkshort@extension.example': policy } } } }));
      process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = '1'; // Firefox inherits it
    },
    launch: {
      prefs: { 'browser.policies.alternatePath': file, 'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true },
    },
    configure: false,
  });
  afterAll(() => {
    if (before === undefined) delete process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS;
    else process.env.MOZ_DISABLE_NONLOCAL_CONNECTIONS = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets the service URL locked: the options page shows it disabled with the reason', async () => {
    const harness = ext.h;
    await until(
      async () =>
        (await evalInExtension(harness, async () => JSON.stringify(await browser.storage.local.get('policy')), undefined)).includes(
          ext.sb.url,
        ),
      'the policy applied',
      OUTCOME_MS,
    );
    const page = await openOptions(harness);
    const url = await control(page, 'textbox', 'Service URL');
    await until(
      async () => (await url.evaluate((e) => (e as HTMLInputElement).value)) === ext.sb.url,
      'the organisation’s URL in the field',
    );
    expect(await url.evaluate((e) => (e as HTMLInputElement).disabled)).toBe(true);
    const described = await url.evaluate((e) =>
      (e.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('Set by your organisation; it cannot be changed here.');
    const history = await control(page, 'checkbox', 'Keep history');
    expect(await history.evaluate((e) => (e as HTMLInputElement).disabled)).toBe(true);
  }, 60_000);
});
