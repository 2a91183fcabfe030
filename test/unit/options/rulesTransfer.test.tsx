import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const news = { id: 'p1', name: 'Newsletter', source: 'news', medium: 'email', campaign: '', term: '', content: '' };
const mine = { id: 'mine', site: 'mine.example', domainId: null, campaignId: 4, channelId: null, presetId: null };

beforeEach(() => {
  worker.lists.campaigns = [
    { id: 3, name: 'Winter', public: false, rotator: null, list: null },
    { id: 4, name: 'Spring', public: false, rotator: null, list: null },
  ];
  worker.lists.channels = [{ id: 7, name: 'Email', description: '', starred: false, count: 0 } as never];
  worker.linkRules = { presets: [news], rules: [mine], campaignPresets: {} };
});

/** A file exported from another account: campaign #3 was "Spring" there, channel #8 "Social". */
const fromOtherAccount = {
  linkshortSiteRules: 1,
  presets: [],
  rules: [
    {
      id: 'a',
      site: 'example.com/blog/',
      domainId: null,
      campaignId: 3,
      channelId: 8,
      presetId: null,
      names: { campaign: 'Spring', channel: 'Social' },
    },
    { id: 'b', site: 'example.com/blog/', domainId: null, campaignId: null, channelId: null, presetId: null },
  ],
};

async function upload(content: object) {
  const { user } = openOptions();
  const region = await section('Site rules');
  await within(region).findByText('mine.example');
  const file = new File([JSON.stringify(content)], 'rules.json', { type: 'application/json' });
  await user.upload(within(region).getByLabelText('Import rules'), file);
  return { user, region };
}

describe('importing site rules into another account', () => {
  it('lists what matched nothing and what is left out before anything is changed; "Import anyway" imports matched by name', async () => {
    const { user, region } = await upload(fromOtherAccount);
    await within(region).findByText('Rule example.com/blog/: channel “Social” is not in this account; the default is used.');
    expect(within(region).getByText('Rule example.com/blog/ is in the file more than once: only the first is imported.')).toBeTruthy();
    // Nothing changed yet.
    expect(worker.linkRules!.rules).toEqual([mine]);
    await user.click(within(region).getByRole('button', { name: 'Import anyway' }));
    await within(region).findByText('1 rules imported; the rules before were replaced.');
    // Campaign "Spring" is #4 in this account, not #3 ("Winter").
    expect(worker.linkRules!.rules).toEqual([
      { id: 'a', site: 'example.com/blog/', domainId: null, campaignId: 4, channelId: null, presetId: null },
    ]);
  });

  it('Cancel changes nothing and says so', async () => {
    const { user, region } = await upload(fromOtherAccount);
    await within(region).findByRole('button', { name: 'Import anyway' });
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    await within(region).findByText('Nothing was imported.');
    expect(worker.linkRules!.rules).toEqual([mine]);
  });

  it('an older file without names imports by number once the user has read that it does', async () => {
    const { user, region } = await upload({
      linkshortSiteRules: 1,
      presets: [],
      rules: [{ id: 'o', site: 'old.example', domainId: null, campaignId: 3, channelId: null, presetId: null }],
    });
    await within(region).findByText(/This file has no names \(an older export\)/);
    await user.click(within(region).getByRole('button', { name: 'Import anyway' }));
    await waitFor(() =>
      expect(worker.linkRules!.rules).toEqual([
        { id: 'o', site: 'old.example', domainId: null, campaignId: 3, channelId: null, presetId: null },
      ]),
    );
  });

  it('a file that fits the account is imported at once', async () => {
    const { region } = await upload({
      linkshortSiteRules: 1,
      presets: [],
      rules: [
        { id: 'f', site: 'fits.example', domainId: null, campaignId: 4, channelId: null, presetId: null, names: { campaign: 'Spring' } },
      ],
    });
    await within(region).findByText('1 rules imported; the rules before were replaced.');
    expect(screen.queryByRole('button', { name: 'Import anyway' })).toBeNull();
    expect(worker.linkRules!.rules.map((r) => r.site)).toEqual(['fits.example']);
  });
});
