import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../support/fakeWorker';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
beforeEach(() => {
  worker.lists.domains = [
    { id: 5, domain: 'https://go.brand.example', redirectroot: 'https://brand.example', redirect404: '' },
    { id: null, domain: 'https://shared.example', redirectroot: '', redirect404: '' },
  ];
  worker.lists.campaigns = [
    { id: 3, name: 'Spring sale', public: true, rotator: 'https://sho.rt/r/spring', list: 'https://sho.rt/u/demo/spring' },
    { id: 4, name: 'Newsletter', public: false, rotator: null, list: null },
  ];
  worker.lists.overlays = [
    { id: 1, type: 'message', name: 'Welcome banner', date: '2025-01-01 00:00:00' },
    { id: 2, type: 'poll', name: 'Quick poll', date: '2025-01-02 00:00:00' },
  ];
  worker.lists.splash = [{ id: 1, name: 'Holding page', date: '2025-01-03 00:00:00' }];
});

describe('Account', () => {
  it('shows the account, and updates the email after an in-page confirmation', async () => {
    const { user } = openOptions();
    const region = await section('Account');
    await within(region).findByText('Feb 3, 2024');
    expect(within(region).getByText('demo@example.com')).toBeTruthy();
    expect(within(region).getByText('Pro')).toBeTruthy(); // the plan in words, not the value "pro"
    expect(within(region).getByRole('img', { name: 'Avatar of demo' }).getAttribute('src')).toBe('https://cdn.example.com/a.png');

    const form = within(region).getByRole('form', { name: 'Update email or password' });
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Update account' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('New password must be at least 8 characters.');
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Update account' }));
    expect(within(form).getByText("Update the account's email?")).toBeTruthy();
    expect(worker.mutations()).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(worker.mutations()).toEqual([{ op: 'updateAccount', args: [{ email: 'new@example.com' }] }]));
    await within(region).findByText('new@example.com');
  });

  it('does not put a non-http avatar into src', async () => {
    worker.account = { ...worker.account, avatar: null };
    openOptions();
    const region = await section('Account');
    await within(region).findByText('demo@example.com');
    expect(region.querySelector('img')).toBeNull();
  });
});

describe('Domains', () => {
  it('lists domains with redirects; a shared one is marked and not editable', async () => {
    openOptions();
    const region = await section('Domains');
    await within(region).findByText('https://go.brand.example');
    expect(within(region).getByText('https://shared.example')).toBeTruthy();
    expect(within(region).getByText('shared')).toBeTruthy();
    // An empty redirect in words (not the bare "none"): the shared domain has neither.
    expect(within(region).getAllByText('No redirect')).toHaveLength(3);
    expect(within(region).queryByText('none')).toBeNull();
    expect(within(region).getByRole('link', { name: 'https://brand.example' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Edit domain https://go.brand.example' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Edit domain https://shared.example' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Delete domain https://shared.example' })).toBeNull();
    expect(within(region).getByText("The domain must already point to the service's servers (DNS) before you add it.")).toBeTruthy();
  });

  it('adds, edits redirects and deletes a domain', async () => {
    const { user } = openOptions();
    const region = await section('Domains');
    const form = within(region).getByRole('form', { name: 'New domain' });
    await user.type(within(form).getByLabelText('Domain'), 'go.new.example');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Domain must be a web address starting with http:// or https://.');
    await user.clear(within(form).getByLabelText('Domain'));
    await user.type(within(form).getByLabelText('Domain'), 'https://go.new.example');
    await user.type(within(form).getByLabelText('404 redirect'), 'https://new.example/404');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        { op: 'addDomain', args: [{ domain: 'https://go.new.example/', redirect404: 'https://new.example/404' }] },
      ]),
    );

    await user.click(await within(region).findByRole('button', { name: 'Edit domain https://go.brand.example' }));
    const edit = within(region).getByRole('form', { name: 'Edit domain https://go.brand.example' });
    await user.clear(within(edit).getByLabelText('Root redirect'));
    await user.type(within(edit).getByLabelText('Root redirect'), 'https://brand.example/home');
    await user.click(within(edit).getByRole('button', { name: 'Update domain' }));
    await waitFor(() =>
      expect(worker.mutations()[1]).toEqual({ op: 'updateDomain', args: [5, { redirectroot: 'https://brand.example/home' }] }),
    );

    await user.click(await within(region).findByRole('button', { name: 'Delete domain https://go.brand.example' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete domain https://go.brand.example' }));
    await waitFor(() => expect(worker.mutations()[2]).toEqual({ op: 'deleteDomain', args: [5] }));
  });
});

describe('Campaigns', () => {
  it('lists campaigns with public flag and rotator/list links when present', async () => {
    openOptions();
    const region = await section('Campaigns');
    const list = await within(region).findByRole('list', { name: 'Campaigns' });
    expect(within(list).getByText('Spring sale')).toBeTruthy();
    expect(within(list).getByText('Newsletter')).toBeTruthy();
    expect(within(list).getByText('public: yes')).toBeTruthy();
    expect(within(list).getByText('public: no')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Rotator of campaign Spring sale' }).getAttribute('href')).toBe(
      'https://sho.rt/r/spring',
    );
    expect(within(list).getByRole('link', { name: 'List page of campaign Spring sale' }).getAttribute('href')).toBe(
      'https://sho.rt/u/demo/spring',
    );
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });

  it('refuses a campaign without a name before sending, as real deployments would', async () => {
    const { user } = openOptions();
    const region = await section('Campaigns');
    const form = within(region).getByRole('form', { name: 'New campaign' });
    await user.type(within(form).getByLabelText('Rotator slug'), 'no-name');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^name is required|^Name is required/);
    expect(worker.mutations()).toEqual([]);
  });

  it('creates, edits and deletes a campaign', async () => {
    const { user } = openOptions();
    const region = await section('Campaigns');
    const form = within(region).getByRole('form', { name: 'New campaign' });
    await user.type(within(form).getByLabelText('Name'), 'Autumn');
    await user.type(within(form).getByLabelText('Rotator slug'), 'autumn 25');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Rotator slug may contain only letters, digits, - and _.');
    await user.clear(within(form).getByLabelText('Rotator slug'));
    await user.type(within(form).getByLabelText('Rotator slug'), 'autumn-25');
    await user.click(within(form).getByLabelText('Public'));
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([{ op: 'addCampaign', args: [{ name: 'Autumn', slug: 'autumn-25', public: true }] }]),
    );
    await within(region).findByText('Autumn');

    await user.click(within(region).getByRole('button', { name: 'Edit campaign Newsletter' }));
    const edit = within(region).getByRole('form', { name: 'Edit campaign Newsletter' });
    await user.clear(within(edit).getByLabelText('Name'));
    await user.click(within(edit).getByRole('button', { name: 'Update campaign' }));
    expect((await within(edit).findByRole('alert')).textContent).toBe('Name is required.');
    await user.type(within(edit).getByLabelText('Name'), 'Weekly news');
    await user.click(within(edit).getByRole('button', { name: 'Update campaign' }));
    await waitFor(() => expect(worker.mutations()[1]).toEqual({ op: 'updateCampaign', args: [4, { name: 'Weekly news', public: false }] }));

    await user.click(await within(region).findByRole('button', { name: 'Delete campaign Spring sale' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete campaign Spring sale' }));
    await waitFor(() => expect(worker.mutations()[2]).toEqual({ op: 'deleteCampaign', args: [3] }));
  });
});

describe('CTA overlays and Splash pages', () => {
  it('lists every overlay (any type) and splash page by name', async () => {
    openOptions();
    const overlays = await section('CTA overlays');
    await within(overlays).findByText('Welcome banner');
    expect(within(overlays).getByText('Quick poll')).toBeTruthy();
    expect(within(overlays).getByText('Poll')).toBeTruthy(); // the type in words
    expect(within(overlays).getByText('Message')).toBeTruthy();
    expect(within(overlays).queryByText('poll')).toBeNull();
    const splash = await section('Splash pages');
    await within(splash).findByText('Holding page');
    expect(within(splash).getByText('Jan 3, 2025')).toBeTruthy();
  });

  it('a failing list shows its failure as text and can be refreshed', async () => {
    let failing = true;
    worker.override.getList = (d) => {
      const { name } = d as { name: 'splash' };
      if (name === 'splash' && failing) throw fail('server', 'boom');
      return { value: [...worker.lists[name]], fetchedAt: Date.now(), stale: false };
    };
    const { user } = openOptions();
    const splash = await section('Splash pages');
    expect((await within(splash).findByRole('alert')).textContent).toBe('The service had an internal error. Try again later.');
    failing = false;
    await user.click(within(splash).getByRole('button', { name: 'Refresh splash pages' }));
    await within(splash).findByText('Holding page');
    expect(within(splash).queryByRole('alert')).toBeNull();
  });
});

describe('Preferences', () => {
  it('saves the default domain and campaign and the switches', async () => {
    const { user } = openOptions();
    const region = await section('Preferences');
    const domain = within(region).getByLabelText('Default domain') as HTMLSelectElement;
    await waitFor(() => expect(domain.options).toHaveLength(2)); // service default + one own domain (shared excluded)
    await user.selectOptions(domain, '5');
    await waitFor(() => expect(worker.sent('saveSettings')).toEqual([{ defaultDomainId: 5 }]));
    const campaign = within(region).getByLabelText('Default campaign') as HTMLSelectElement;
    await user.selectOptions(campaign, '4');
    await waitFor(() => expect(worker.sent('saveSettings')[1]).toEqual({ defaultCampaignId: 4 }));
    await user.selectOptions(campaign, '');
    await waitFor(() => expect(worker.sent('saveSettings')[2]).toEqual({ defaultCampaignId: null }));
    await user.click(within(region).getByLabelText('Copy new links automatically'));
    await waitFor(() => expect(worker.sent('saveSettings')[3]).toEqual({ autoCopy: false }));
    await user.click(within(region).getByLabelText('Keep history'));
    await waitFor(() => expect(worker.sent('saveSettings')[4]).toEqual({ keepHistory: false }));
    expect(worker.settings).toMatchObject({ defaultDomainId: 5, defaultCampaignId: null, autoCopy: false, keepHistory: false });
  });

  it('saves the default channel, the copy format, cleaning and the menu items shown', async () => {
    worker.lists.channels = [{ id: 8, name: 'Press', description: '', color: '', starred: false }];
    const { user } = openOptions();
    const region = await section('Preferences');
    const channel = within(region).getByLabelText('Default channel') as HTMLSelectElement;
    await waitFor(() => expect([...channel.options].map((o) => o.textContent)).toEqual(['No channel', 'Press']));
    await user.selectOptions(channel, 'Press');
    await waitFor(() => expect(worker.sent('saveSettings')).toEqual([{ defaultChannelId: 8 }]));
    const format = within(region).getByLabelText('Copy format') as HTMLSelectElement;
    expect([...format.options].map((o) => o.textContent)).toEqual(['Link', 'Markdown', 'HTML', 'Title and link']);
    await user.selectOptions(format, 'Markdown');
    await waitFor(() => expect(worker.sent('saveSettings')[1]).toEqual({ copyFormat: 'markdown' }));
    const clean = within(region).getByLabelText('Remove tracking parameters') as HTMLInputElement;
    expect(clean.checked).toBe(true); // on by default
    await user.click(clean);
    await waitFor(() => expect(worker.sent('saveSettings')[2]).toEqual({ cleanLinks: false }));
    const menu = within(region).getByRole('group', { name: 'Show in the right-click menu' });
    const boxes = within(menu).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.labels?.[0]?.textContent)).toEqual(['Shorten link', 'Shorten this page', 'QR code for this page']);
    expect(boxes.every((b) => b.checked)).toBe(true);
    await user.click(within(menu).getByLabelText('QR code for this page'));
    await waitFor(() => expect(worker.sent('saveSettings')[3]).toEqual({ menuQrPage: false }));
    expect(worker.settings).toMatchObject({
      defaultChannelId: 8,
      copyFormat: 'markdown',
      cleanLinks: false,
      menuQrPage: false,
      menuShortenPage: true,
    });
  });

  it('"Keep recent links": 5,000 by default, four choices, and says what happens to the others', async () => {
    const { user } = openOptions();
    const region = await section('Preferences');
    const keep = within(region).getByLabelText('Keep recent links') as HTMLSelectElement;
    expect([...keep.options].map((o) => o.textContent)).toEqual([
      'The newest 200',
      'The newest 1,000',
      'The newest 5,000',
      'The newest 10,000',
    ]);
    expect(keep.selectedOptions[0]!.textContent).toBe('The newest 5,000');
    expect(keep.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(region).getByText(/the oldest are removed from this browser; the links stay on the service/)).toBeTruthy();
    await user.selectOptions(keep, 'The newest 1,000');
    await waitFor(() => expect(worker.sent('saveSettings')).toEqual([{ historyLimit: 1000 }]));
  });

  it('says once, at the top of the page, what stored data could not be read', async () => {
    worker.override.takeStorageNotices = () => ['connection'];
    openOptions();
    expect(await screen.findByText(/The saved connection could not be read and was removed/)).toBeTruthy();
  });

  it('clears history (after confirming) and the cache', async () => {
    const { user } = openOptions();
    const region = await section('Preferences');
    await user.click(within(region).getByRole('button', { name: 'Clear history' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, clear history' }));
    await waitFor(() => expect(worker.sent('clearHistory')).toHaveLength(1));
    await within(region).findByText('History cleared.');
    await user.click(within(region).getByRole('button', { name: 'Clear cache' }));
    await waitFor(() => expect(worker.sent('clearCache')).toHaveLength(1));
  });

  it('is usable without a connection', async () => {
    worker.disconnected();
    const { user } = openOptions();
    const region = await section('Preferences');
    await user.click(within(region).getByLabelText('Keep history'));
    await waitFor(() => expect(worker.sent('saveSettings')).toEqual([{ keepHistory: false }]));
    expect(screen.queryByRole('heading', { name: 'Channels' })).toBeNull();
  });
});
