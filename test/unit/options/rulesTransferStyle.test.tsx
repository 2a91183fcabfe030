/**
 * "Export rules" and "Import rules" carry the account's QR style and name the account by service
 * and name: the style lands on the account the page shows, a wrong member is refused alone with a
 * sentence before anything changes, a logo over the limit is said, and a file without a style
 * imports as before.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_LOGO_BYTES, type QrStyle } from '@/lib/qr/style';
import { SERVICE } from '../support/fakeWorker';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const mine = { id: 'mine', site: 'mine.example', domainId: null, campaignId: null, channelId: 7, presetId: null };
const PNG = `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n' + 'x'.repeat(40))}`;
const ownStyle: QrStyle = {
  foreground: '#222222',
  background: '#ffffff',
  logo: { dataUrl: PNG, type: 'image/png', bytes: 48, name: 'a.png' },
};
const rule = { id: 'f', site: 'fits.example', domainId: null, campaignId: null, channelId: 7, presetId: null, names: { channel: 'Email' } };
const here = { service: SERVICE, name: 'demo' };

/** The styles the page asked the worker to keep, with the account each named. */
const kept = () => worker.sent('saveQrStyle') as { style: QrStyle; account?: string }[];

beforeEach(() => {
  worker.lists.channels = [{ id: 7, name: 'Email', description: '', starred: false, count: 0 } as never];
  worker.linkRules = { presets: [], rules: [mine], campaignPresets: {} };
  worker.connection = { ...worker.connection, fingerprint: 'fp-shown' };
  worker.qrStyle = ownStyle;
  worker.override.saveQrStyle = (d) => (worker.qrStyle = { ...(d as { style: QrStyle }).style });
});

async function upload(content: object) {
  const { user } = openOptions();
  const region = await section('Site rules');
  await within(region).findByText('mine.example');
  await user.upload(within(region).getByLabelText('Import rules'), new File([JSON.stringify(content)], 'rules.json'));
  return { user, region };
}
const fileOf = (more: object) => ({ linkshortSiteRules: 1, account: here, presets: [], rules: [rule], ...more });

describe('the QR style in exported and imported rules', () => {
  afterEach(() => vi.restoreAllMocks());

  it("Export rules writes the account by service and name and the account's own style, its logo included", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = openOptions();
    const region = await section('Site rules');
    await within(region).findByText('mine.example');
    await user.click(within(region).getByRole('button', { name: 'Export rules' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const file = JSON.parse(await blobs[0]!.text());
    expect(file.account).toEqual(here);
    expect(file.qrStyle).toEqual({ foreground: '#222222', background: '#ffffff', logo: PNG });
    expect(file.rules).toEqual([{ ...mine, names: { channel: 'Email' } }]);
  });

  it("the organisation's style is not exported as the user's", async () => {
    worker.qrStyle = { ...ownStyle, logo: null, org: { locked: false } };
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = openOptions();
    const region = await section('Site rules');
    await within(region).findByText('mine.example');
    await user.click(within(region).getByRole('button', { name: 'Export rules' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(JSON.parse(await blobs[0]!.text()).qrStyle).toBeUndefined();
  });

  it('a file of this account with a good style is imported at once, the style on the account shown', async () => {
    const { region } = await upload(fileOf({ qrStyle: { foreground: '#1f3a93', background: '#ffffff', logo: null } }));
    await within(region).findByText('1 rules imported; the rules before were replaced. The QR style was imported too.');
    expect(kept()).toEqual([{ style: { foreground: '#1f3a93', background: '#ffffff', logo: null }, account: 'fp-shown' }]);
    expect(worker.linkRules!.rules.map((r) => r.site)).toEqual(['fits.example']);
  });

  it('a file of another account names both accounts before anything changes', async () => {
    const { user, region } = await upload(fileOf({ account: { service: 'https://links.example.com', name: 'Marketing' } }));
    await within(region).findByText(
      `This file was exported from the account “Marketing” at https://links.example.com; it is imported into “demo” at ${SERVICE}, the account shown here.`,
    );
    expect(worker.linkRules!.rules).toEqual([mine]);
    await user.click(within(region).getByRole('button', { name: 'Import anyway' }));
    await within(region).findByText('1 rules imported; the rules before were replaced.');
  });

  it('a wrong member and a logo over the limit are each said before anything changes; the rest of the style is imported', async () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil((MAX_LOGO_BYTES + 20 * 1024) / 3) * 4)}`;
    const { user, region } = await upload(fileOf({ qrStyle: { foreground: 'navy', background: '#fffff0', logo: big } }));
    await within(region).findByText(
      'QR style in the file: “Foreground” is not a colour written #rrggbb, so it is not imported; this account keeps its own.',
    );
    within(region).getByText(/^QR style in the file: the logo has 12\d kB, more than the 100 kB kept, so it is not imported/);
    expect(kept()).toEqual([]);
    expect(worker.linkRules!.rules).toEqual([mine]);
    await user.click(within(region).getByRole('button', { name: 'Import anyway' }));
    await within(region).findByText('1 rules imported; the rules before were replaced. The QR style was imported too.');
    // The background from the file; this account's foreground and logo.
    expect(kept()[0]!.style).toEqual({ ...ownStyle, background: '#fffff0' });
  });

  it('colours scanners read badly are refused together, and Cancel changes nothing', async () => {
    const { user, region } = await upload(fileOf({ qrStyle: { foreground: '#ffffff', background: '#000000' } }));
    await within(region).findByText(/^QR style in the file: its colours are not imported, because many scanners cannot read/);
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    await within(region).findByText('Nothing was imported.');
    expect(kept()).toEqual([]);
    expect(worker.linkRules!.rules).toEqual([mine]);
  });

  it('a file without a style imports its rules and leaves the style alone', async () => {
    const { region } = await upload(fileOf({}));
    await within(region).findByText('1 rules imported; the rules before were replaced.');
    expect(kept()).toEqual([]);
  });

  it("the organisation's locked style is not replaced, and the page says so first", async () => {
    worker.qrStyle = { foreground: '#1f6feb', background: '#ffffff', logo: null, org: { locked: true } };
    const { user, region } = await upload(fileOf({ qrStyle: { foreground: '#000000', background: '#ffffff', logo: null } }));
    await within(region).findByText("Your organisation sets the QR style of this account: the file's style is not imported.");
    await user.click(within(region).getByRole('button', { name: 'Import anyway' }));
    await within(region).findByText('1 rules imported; the rules before were replaced.');
    expect(kept()).toEqual([]);
  });

  it('a style the worker refuses (another account current now) is said, the rules imported', async () => {
    worker.override.saveQrStyle = () => {
      throw { kind: 'invalid-input', reason: 'account-switched', message: 'Another account is current now.' };
    };
    const { region } = await upload(fileOf({ qrStyle: { foreground: '#1f3a93', background: '#ffffff' } }));
    await within(region).findByText(/^1 rules imported; the rules before were replaced\. The QR style was not imported: /);
  });
});
