// Site rules and UTM presets in the worker: the menu, the shortcut and the address bar use the rule, against the sandbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';

let sb: Sandbox;
const news = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const rule = (site: string, more: object = {}) => ({
  id: site,
  site,
  domainId: null,
  campaignId: null,
  channelId: null,
  presetId: null,
  ...more,
});

const until = async <T>(fn: () => T | undefined | false | Promise<T | undefined | false>, what: string): Promise<T> => {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`not within 10 s: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000, extraKeys: [{ key: 'second-key', plan: 'pro' }] });
});
afterEach(() => sb.close());

describe('site rules in the worker', () => {
  it("the shortcut uses the most specific rule's campaign, channel and preset (added after the cleaning)", async () => {
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const [campaign, channel] = [data.campaigns[0]!, data.channels[0]!];
    await service.linkRules.saveLinkRules({
      presets: [news],
      rules: [rule('example.org'), rule('example.org/blog/', { campaignId: campaign.id, channelId: channel.id, presetId: 'p1' })],
    });
    await service.shortening.shortenInBackground('https://www.example.org/blog/post?utm_source=x&id=5#top', 'command');
    const link = await until(() => data.links.find((l) => l.url.startsWith('https://www.example.org/blog/post')), 'the link');
    expect(link.url).toBe('https://www.example.org/blog/post?id=5&utm_source=news&utm_medium=email#top');
    await until(() => notes[0], 'the notification');
    // The link is told as soon as it is made; the campaign and channel are added right after it.
    const made = await until(async () => {
      const entry = (await service.recent.getHistory())[0];
      return entry && entry.campaign?.state !== 'pending' && entry.channel?.state !== 'pending' ? entry : undefined;
    }, 'the assignments');
    expect(made.campaign).toEqual({ state: 'assigned', campaignId: campaign.id });
    expect(made.channel).toEqual({ state: 'assigned', channelId: channel.id });
  });

  it('a rule naming a deleted campaign falls back to the default, says so once, and the link is made', async () => {
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const gone = data.campaigns[1]!;
    await service.lists.getList({ name: 'campaigns' });
    await service.lists.mutate({ op: 'deleteCampaign', args: [gone.id] });
    await service.linkRules.saveLinkRules({ rules: [rule('example.net', { campaignId: gone.id })] });
    await service.shortening.shortenInBackground('https://example.net/one', 'context-page');
    await until(() => data.links.find((l) => l.url === 'https://example.net/one'), 'the first link');
    await until(() => notes.length >= 2, 'the notifications');
    expect(notes.filter((n) => /no longer exists/.test(n.message))).toHaveLength(1);
    expect(notes[0]!.message).toBe(
      'The rule for example.net names what no longer exists (campaign): the default is used instead. The link is made anyway.',
    );
    expect((await service.recent.getHistory())[0]!.campaign).toEqual({ state: 'none' });
    await service.shortening.shortenInBackground('https://example.net/two', 'context-page');
    await until(() => data.links.find((l) => l.url === 'https://example.net/two'), 'the second link');
    await until(() => notes.length >= 3, 'its notification');
    expect(notes.filter((n) => /no longer exists/.test(n.message))).toHaveLength(1);
  });

  it("the bulk page's rows matching a rule get what the page leaves open (here its campaign) and its preset, and each row names the rule", async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const ruled = data.campaigns[0]!;
    await service.linkRules.saveLinkRules({ presets: [news], rules: [rule('shop.example', { campaignId: ruled.id, presetId: 'p1' })] });
    const view = await service.bulk.startBulk({
      addresses: [{ url: 'https://www.shop.example/item?id=1#photos' }, { url: 'https://other.example/page' }],
      domainId: null,
      campaignId: null,
      channelId: null,
      makeNew: false,
    });
    expect(view!.batch.items.map((it) => it.url)).toEqual([
      'https://www.shop.example/item?id=1&utm_source=news&utm_medium=email#photos',
      'https://other.example/page',
    ]);
    expect(view!.batch.items.map((it) => it.rule ?? null)).toEqual([{ site: 'shop.example', chose: ['campaign', 'preset'] }, null]);
    const first = await until(() => data.links.find((l) => l.url.startsWith('https://www.shop.example/item')), 'the ruled row');
    const second = await until(() => data.links.find((l) => l.url === 'https://other.example/page'), 'the other row');
    await until(() => first.campaign_id === ruled.id && second.campaign_id == null, 'the ruled row in its campaign');
  });

  it("a campaign chosen on the bulk page wins over a rule's; the rule's preset still applies, and the row says what the rule chose", async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const [ruled, chosen] = [data.campaigns[0]!, data.campaigns[1]!];
    await service.linkRules.saveLinkRules({ presets: [news], rules: [rule('shop.example', { campaignId: ruled.id, presetId: 'p1' })] });
    const view = await service.bulk.startBulk({
      addresses: [{ url: 'https://shop.example/chosen' }],
      domainId: null,
      campaignId: chosen.id,
      channelId: null,
      makeNew: false,
    });
    expect(view!.batch.items[0]).toMatchObject({ choices: { campaignId: chosen.id }, rule: { site: 'shop.example', chose: ['preset'] } });
    const link = await until(() => data.links.find((l) => l.url.startsWith('https://shop.example/chosen')), 'the row');
    await until(() => link.campaign_id === chosen.id, "the page's campaign");
  });

  it("a bulk row whose rule names a deleted campaign gets the page's, and the user is told once", async () => {
    const { service, notes } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const data = sb.state.forKey(sb.key);
    const gone = data.campaigns[3]!;
    await service.lists.getList({ name: 'campaigns' });
    await service.lists.mutate({ op: 'deleteCampaign', args: [gone.id] });
    await service.linkRules.saveLinkRules({ rules: [rule('shop.example', { campaignId: gone.id })] });
    await service.bulk.startBulk({
      addresses: [{ url: 'https://shop.example/a' }, { url: 'https://shop.example/b' }],
      domainId: null,
      campaignId: null,
      channelId: null,
      makeNew: false,
    });
    const rows = await until(() => {
      const made = data.links.filter((l) => l.url.startsWith('https://shop.example/'));
      return made.length === 2 && made.every((l) => l.campaign_id == null) && made;
    }, "both rows in the page's campaign (none)");
    expect(rows).toHaveLength(2);
    expect(
      notes.filter(
        (n) =>
          n.message ===
          'The rule for shop.example names what no longer exists (campaign): the default is used instead. The link is made anyway.',
      ),
    ).toHaveLength(1);
  });

  it('keeps rules per account and refuses a bad one whole', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    await service.linkRules.saveLinkRules({ presets: [news], rules: [rule('example.org')] });
    await expect(service.linkRules.saveLinkRules({ rules: [rule('example.com'), rule('not a site')] })).rejects.toMatchObject({
      kind: 'invalid-input',
      field: 'rules.1.site',
    });
    expect((await service.linkRules.getLinkRules()).rules.map((r) => r.site)).toEqual(['example.org']);
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: 'second-key' });
    expect(await service.linkRules.getLinkRules()).toMatchObject({ presets: [], rules: [] });
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect((await service.linkRules.getLinkRules()).rules.map((r) => r.site)).toEqual(['example.org']);
  });
});
