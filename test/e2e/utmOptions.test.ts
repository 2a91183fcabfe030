/**
 * The options sections "UTM presets" and "Site rules" in Chromium: a preset and rules made with
 * their forms reach the popup; rules are reordered, edited, deleted, exported and imported; a bad
 * file is refused with the reason and nothing of it is imported.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOptions, openPopupFor, screenshot, until } from './harness';
import { withExtension } from './fixture';

describe('options: UTM presets and site rules', () => {
  const ext = withExtension();
  let page: Page;
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const press = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true }).click();
  const ruleSites = () =>
    region('Site rules')
      .getByRole('list', { name: 'Site rules', exact: true })
      .evaluate((ul) => [...ul.children].map((li) => li.querySelector('.name')?.textContent?.trim() ?? ''))
      .catch(() => [] as string[]);

  beforeAll(async () => {
    page = await openOptions(ext.h);
    await region('Site rules').getByText('No site rules yet.').waitFor();
  });

  it('makes a preset and rules with their forms; the popup follows the rule', async () => {
    const data = ext.sb.state.forKey(ext.sb.key);
    const [campaign, channel] = [data.campaigns[1]!, data.channels[0]!];
    const presets = region('UTM presets');
    await press(presets, 'Add preset');
    await until(async () => (await presets.getByRole('alert').textContent()) === 'Preset name is required.', 'the missing name said');
    await presets.getByLabel('Preset name', { exact: true }).fill('Newsletter');
    await presets.getByLabel('UTM source', { exact: true }).fill('news');
    await presets.getByLabel('UTM medium', { exact: true }).fill('email');
    await press(presets, 'Add preset');
    await presets.getByText('Preset “Newsletter” added.').waitFor();
    expect(await presets.getByLabel('Preset name', { exact: true }).inputValue()).toBe('');

    const rules = region('Site rules');
    const host = new URL(ext.sb.url).hostname;
    await rules.getByLabel('Site', { exact: true }).fill('not a site');
    await press(rules, 'Add rule');
    await rules.getByRole('alert').filter({ hasText: 'Site: enter a host' }).waitFor();
    await rules.getByLabel('Site', { exact: true }).fill(`${host}/page/`);
    await rules.getByLabel('Campaign', { exact: true }).selectOption(String(campaign.id));
    await rules.getByLabel('Channel', { exact: true }).selectOption(String(channel.id));
    await rules.getByLabel('UTM preset', { exact: true }).selectOption({ label: 'Newsletter' });
    await press(rules, 'Add rule');
    await rules.getByText(`Rule for ${host}/page/ added.`).waitFor();
    // The form is empty again for the next rule.
    expect(await rules.getByLabel('Site', { exact: true }).inputValue()).toBe('');
    expect(await rules.getByLabel('UTM preset', { exact: true }).inputValue()).toBe('');
    await rules.getByLabel('Site', { exact: true }).fill('example.com');
    await rules.getByLabel('Campaign', { exact: true }).selectOption(String(campaign.id));
    await press(rules, 'Add rule');
    await until(async () => (await ruleSites()).length === 2, 'two rules');
    await screenshot(page, 'options-utm-presets-and-rules', { fullPage: true });
    await region('UTM presets').screenshot({ path: '.output/screenshots/options-utm-presets.png' });
    await region('Site rules').screenshot({ path: '.output/screenshots/options-site-rules.png' });

    const popup = await openPopupFor(ext.h, `${ext.sb.url}/page/from-options?id=1#x`);
    await popup
      .getByRole('status')
      .filter({ hasText: `Rule: ${host}/page/` })
      .waitFor();
    await until(async () => (await popup.getByLabel('Campaign', { exact: true }).inputValue()) === String(campaign.id), 'the campaign');
    expect(await popup.getByLabel('Channel', { exact: true }).inputValue()).toBe(String(channel.id));
    await until(
      async () =>
        (await popup.getByLabel('Long URL', { exact: true }).inputValue()) ===
        `${ext.sb.url}/page/from-options?id=1&utm_source=news&utm_medium=email#x`,
      'the preset in Long URL',
    );
    await popup.close();
  });

  it('reorders, edits and deletes rules', async () => {
    const host = new URL(ext.sb.url).hostname;
    const rules = region('Site rules');
    expect(await ruleSites()).toEqual([`${host}/page/`, 'example.com']);
    await press(rules, 'Move rule example.com up');
    await until(async () => (await ruleSites())[0] === 'example.com', 'the rule moved up');
    await press(rules, 'Edit rule example.com');
    await rules.getByRole('form', { name: 'Edit rule example.com' }).getByLabel('Site', { exact: true }).fill('example.com/blog/');
    await press(rules, 'Update rule');
    await until(async () => (await ruleSites())[0] === 'example.com/blog/', 'the rule edited');
    await press(rules, 'Delete rule example.com/blog/');
    await press(rules, 'Yes, delete rule example.com/blog/');
    await until(async () => JSON.stringify(await ruleSites()) === JSON.stringify([`${host}/page/`]), 'the rule deleted');
  });

  it('exports the rules and imports them back; a bad file is refused with the reason and nothing changes', async () => {
    const host = new URL(ext.sb.url).hostname;
    const rules = region('Site rules');
    const [download] = await Promise.all([page.waitForEvent('download'), press(rules, 'Export rules')]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(exported.rules.map((r: { site: string }) => r.site)).toEqual([`${host}/page/`]);
    expect(exported.presets.map((p: { name: string }) => p.name)).toEqual(['Newsletter']);

    const upload = (name: string, content: string) =>
      rules.getByLabel('Import rules', { exact: true }).setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
    const bad = {
      ...exported,
      rules: [
        { ...exported.rules[0], site: 'other.example' },
        { ...exported.rules[0], id: 'x', site: 'a b' },
      ],
    };
    await upload('bad.json', JSON.stringify(bad));
    await rules
      .getByRole('alert')
      .filter({ hasText: 'The file was not imported: entry 2 of its rules is not valid (site). Nothing was changed.' })
      .waitFor();
    expect(await ruleSites()).toEqual([`${host}/page/`]);
    await upload('broken.json', '{ not json');
    await rules.getByRole('alert').filter({ hasText: 'it is not JSON' }).waitFor();

    const good = { ...exported, rules: [...exported.rules, { ...exported.rules[0], id: 'imported', site: 'imported.example' }] };
    await upload('good.json', JSON.stringify(good));
    await rules.getByText('2 rules imported; the rules before were replaced.').waitFor();
    expect(await ruleSites()).toEqual([`${host}/page/`, 'imported.example']);
    expect(ext.errors.of('chrome-extension://')).toEqual([]);
  });
});
