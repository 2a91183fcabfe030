/**
 * The organisation's presets and rules on the options page: unlocked, Edit makes the user's own
 * (listed under "Your own") and the organisation's stays listed; locked, there is nothing to edit
 * and the page says why.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const orgPreset = { id: 'org:news', name: 'Org newsletter', source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' };
const orgRule = { id: 'org:blog', site: 'example.com/blog/', domainId: null, campaignId: 3, channelId: null, presetId: 'org:news' };

function policy(locked: boolean) {
  worker.linkRules = {
    presets: [],
    rules: [],
    campaignPresets: {},
    org: { presets: { value: [orgPreset], locked }, rules: { value: [orgRule], locked } },
  };
}

beforeEach(() => {
  worker.lists.campaigns = [
    { id: 3, name: 'Winter', public: false, rotator: null, list: null },
    { id: 4, name: 'Spring', public: false, rotator: null, list: null },
  ];
});

/** The section's "Set by your organisation" part. */
async function orgPart(name: string) {
  const region = await section(name);
  return { region, org: await within(region).findByRole('region', { name: 'Set by your organisation' }) };
}

describe("the organisation's unlocked presets and rules", () => {
  beforeEach(() => policy(false));

  it("Edit on the organisation's preset saves the user's own copy; the organisation's stays listed", async () => {
    const { user } = openOptions();
    const { region, org } = await orgPart('UTM presets');
    await user.click(within(org).getByRole('button', { name: 'Edit preset Org newsletter' }));
    const form = within(org).getByRole('form', { name: 'Edit preset Org newsletter' });
    expect((within(form).getByLabelText('UTM source') as HTMLInputElement).value).toBe('newsletter');
    await user.clear(within(form).getByLabelText('UTM source'));
    await user.type(within(form).getByLabelText('UTM source'), 'team-news');
    await user.click(within(form).getByRole('button', { name: 'Save as your own' }));
    await within(org).findByText("“Org newsletter” saved as your own, under “Your own”; the organisation's stays listed.");
    // The user's own: a new id, the edited value; the organisation's untouched and still shown.
    const own = worker.linkRules!.presets;
    expect(own).toEqual([{ ...orgPreset, id: expect.not.stringMatching(/^org:/), source: 'team-news' }]);
    expect(within(org).getByText('Org newsletter')).toBeTruthy();
    expect(within(org).getByText(/utm_source=newsletter/)).toBeTruthy();
    // Listed under "Your own", with its own Edit and Delete.
    expect(within(region).getByRole('button', { name: 'Delete preset Org newsletter' })).toBeTruthy();
    expect(within(region).getByText(/utm_source=team-news/)).toBeTruthy();
  });

  it("Edit on the organisation's rule makes the user's own rule for the same site, naming the organisation's preset", async () => {
    const { user } = openOptions();
    const { region, org } = await orgPart('Site rules');
    await user.click(within(org).getByRole('button', { name: 'Edit rule example.com/blog/' }));
    const form = within(org).getByRole('form', { name: 'Edit rule example.com/blog/' });
    expect((within(form).getByLabelText('UTM preset') as HTMLSelectElement).value).toBe('org:news');
    await user.selectOptions(within(form).getByLabelText('Campaign'), 'Spring');
    await user.click(within(form).getByRole('button', { name: 'Save as your own' }));
    await within(org).findByText(/^“example\.com\/blog\/” saved as your own/);
    expect(worker.linkRules!.rules).toEqual([{ ...orgRule, id: expect.not.stringMatching(/^org:/), campaignId: 4 }]);
    // The organisation's rule stays, with its campaign; the user's is listed below with Spring.
    expect(within(org).getByText('Campaign: Winter')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Delete rule example.com/blog/' })).toBeTruthy();
    expect(within(region).getAllByText('Campaign: Spring')).toHaveLength(1);
  });

  it('Cancel leaves everything as it was', async () => {
    const { user } = openOptions();
    const { org } = await orgPart('UTM presets');
    await user.click(within(org).getByRole('button', { name: 'Edit preset Org newsletter' }));
    await user.click(within(org).getByRole('button', { name: 'Cancel' }));
    expect(within(org).getByRole('button', { name: 'Edit preset Org newsletter' })).toBeTruthy();
    expect(worker.sent('saveLinkRules')).toEqual([]);
  });
});

describe("the organisation's locked presets and rules", () => {
  beforeEach(() => policy(true));

  it('have nothing to edit, and the page says why', async () => {
    openOptions();
    for (const name of ['UTM presets', 'Site rules']) {
      const { org } = await orgPart(name);
      expect(within(org).queryAllByRole('button')).toEqual([]);
      expect(within(org).getByText(/^Locked by your organisation: these (presets|rules) cannot be changed here/)).toBeTruthy();
    }
  });
});
