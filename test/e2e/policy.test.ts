/**
 * Managed installs: an organisation's policy file sets the service URL, locked, and
 * turns history off; the options page shows the URL locked (disabled, with the reason), and the
 * user only enters the key.
 *
 * The real policy path: Chromium on Linux reads /etc/chromium/policies/managed/*.json (fixed at
 * build time; no switch points it elsewhere). The test writes one file there naming only this
 * build's extension id (an unpacked extension's id is derived from its path, so other builds and
 * other profiles are not affected) and deletes it afterwards. Writing there needs root: where the
 * directory cannot be written the test is skipped and says why (no stand-in is compiled into the
 * extension).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { DEFAULT_EXTENSION_DIR, launchExtension, openOptions, readStorage, until, type ExtensionHarness, OUTCOME_MS } from './harness';
import { chromiumPolicyFile, unpackedId } from './policyFile';

const policyFile = chromiumPolicyFile('linkshort-test');
const writePolicy = policyFile.write;

describe('a policy file (Chromium, /etc/chromium/policies/managed)', () => {
  let h: ExtensionHarness;
  let sb: Sandbox;
  let written = false;

  beforeAll(async () => {
    sb = await startSandbox();
    written = writePolicy({ serviceUrl: sb.url, keepHistory: false, locked: ['serviceUrl', 'keepHistory'] });
    if (!written) return;
    h = await launchExtension();
    expect(h.extensionId).toBe(unpackedId(DEFAULT_EXTENSION_DIR));
  }, 90_000);
  afterAll(async () => {
    policyFile.remove();
    await h?.close();
    await sb?.close();
  });

  it('sets the service URL locked: the options page shows it disabled with the reason, and the key connects to it', async (ctx) => {
    if (!written) ctx.skip();
    // The worker read storage.managed and applied it.
    await until(
      async () => (await readStorage<{ policy: { serviceUrl?: { value: string } } }>(h, 'policy'))?.policy.serviceUrl?.value === sb.url,
      'the policy applied',
      OUTCOME_MS,
    );
    const page = await openOptions(h);
    const url = page.getByLabel('Service URL');
    await expect.poll(() => url.inputValue(), { timeout: OUTCOME_MS }).toBe(sb.url);
    expect(await url.isDisabled()).toBe(true);
    await page.getByText('Set by your organisation; it cannot be changed here.').first().waitFor();
    expect(await page.getByLabel('Keep history', { exact: true }).isDisabled()).toBe(true);
    await page.getByText(/Your organisation set: Service URL, Keep history\./).waitFor();
    // The user enters only the key.
    await page.getByLabel('API key').fill(sb.key);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await page.getByRole('status').first().textContent()) ?? '', { timeout: OUTCOME_MS })
      .toContain('Connected');
    const settings = await readStorage<{ keepHistory: boolean }>(h, 'settings');
    expect(settings?.keepHistory).toBe(false);
  }, 90_000);
});
