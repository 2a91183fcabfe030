/**
 * The organisation's unlocked presets and rules from a policy file (Chromium, the real
 * managed-policy folder: test/e2e/policyFile.ts; skipped, saying why, where it cannot be written):
 * Edit on the options page makes the user's own copy under "Your own", the organisation's stays
 * listed, and the popup then applies the user's rule for that site, with the organisation's preset
 * it names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import {
  configureExtension,
  launchExtension,
  openOptions,
  openPopupFor,
  OUTCOME_MS,
  readStorage,
  until,
  type ExtensionHarness,
} from './harness';
import { chromiumPolicyFile } from './policyFile';

const policyFile = chromiumPolicyFile('linkshort-test-unlocked');
const POLL = { timeout: OUTCOME_MS };
const UTM = 'utm_source=newsletter&utm_medium=email';

describe("the organisation's unlocked presets and rules, edited by the user (Chromium)", () => {
  let h: ExtensionHarness;
  let sb: Sandbox;
  let written = false;
  let site = '';
  let orgCampaign = { id: 0, name: '' };
  let ownCampaign = { id: 0, name: '' };

  beforeAll(async () => {
    sb = await startSandbox({ mainLimit: 100_000 });
    const [first, second] = sb.state.forKey(sb.key).campaigns;
    orgCampaign = { id: first!.id, name: first!.name };
    ownCampaign = { id: second!.id, name: second!.name };
    site = `${new URL(sb.url).host}/page/`;
    written = policyFile.write({
      serviceUrl: sb.url,
      utmPresets: { locked: false, presets: [{ id: 'news', name: 'Org newsletter', source: 'newsletter', medium: 'email' }] },
      siteRules: { locked: false, rules: [{ id: 'pages', site, campaignId: orgCampaign.id, presetId: 'news' }] },
    });
    if (!written) return;
    h = await launchExtension();
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    await until(async () => (await readStorage<{ policy: { org?: unknown } }>(h, 'policy'))?.policy.org, 'the policy applied');
  }, 90_000);
  afterAll(async () => {
    policyFile.remove();
    await h?.close();
    await sb?.close();
  });

  it("Edit saves the user's own rule beside the organisation's, and the popup applies the user's", async (ctx) => {
    if (!written) ctx.skip();
    const options = await openOptions(h);
    const rules = options.getByRole('region', { name: 'Site rules', exact: true });
    const org = rules.getByRole('region', { name: 'Set by your organisation' });
    await org.getByRole('button', { name: `Edit rule ${site}`, exact: true }).click(POLL);
    const form = org.getByRole('form', { name: `Edit rule ${site}` });
    await form.getByLabel('Campaign', { exact: true }).selectOption({ label: ownCampaign.name });
    await form.getByRole('button', { name: 'Save as your own' }).click();
    await org.getByText(`“${site}” saved as your own, under “Your own”; the organisation's stays listed.`).waitFor(POLL);
    // The organisation's stays with its campaign; the user's is listed under "Your own", with its own Delete.
    await org.getByText(`Campaign: ${orgCampaign.name}`).waitFor();
    await rules.getByRole('button', { name: `Delete rule ${site}`, exact: true }).waitFor();
    await options.close();

    // For the same site the user's rule is used (with the organisation's preset it names).
    const url = `${sb.url}/page/unlocked`;
    const popup = await openPopupFor(h, url);
    await popup.getByText(`Rule: ${site}`, { exact: true }).waitFor(POLL);
    await expect.poll(() => popup.getByRole('textbox', { name: 'Long URL' }).inputValue(), POLL).toBe(`${url}?${UTM}`);
    await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
    await until(
      () => sb.state.forKey(sb.key).links.find((l) => l.url === `${url}?${UTM}` && !l.deleted)?.campaign_id === ownCampaign.id,
      "the link in the user's campaign",
    );
    await popup.close();
  }, 120_000);
});
