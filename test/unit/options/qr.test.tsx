import { fireEvent, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_QR_STATS } from '@/lib/api/schemas';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const MENU = { id: 11, link: 'https://sho.rt/qr/11', scans: 42, name: 'Menu card', date: '2025-02-01 12:00:00' };
const FLYER = { id: 12, link: 'https://sho.rt/qr/12', scans: 0, name: 'Flyer', date: '2025-02-02 12:00:00' };
beforeEach(() => {
  worker.lists.qrs = [MENU, FLYER];
  worker.qrDetails[11] = {
    details: MENU,
    statsEmpty: false,
    stats: {
      clicks: 42,
      uniqueClicks: 30,
      topCountries: { Germany: 20, France: 12, Spain: 10 },
      topReferrers: { 'news.example.com': 5 },
      topBrowsers: { Firefox: 25, Chrome: 17 },
      topOs: { Linux: 22, Android: 20 },
      socialCount: { facebook: 3, twitter: 0, mastodon: 1 },
    },
  };
  worker.qrDetails[12] = { details: FLYER, statsEmpty: true, stats: EMPTY_QR_STATS };
});

describe('QR codes', () => {
  it('lists every QR code with its scans', async () => {
    openOptions();
    const region = await section('QR codes');
    await within(region).findByText('Menu card');
    expect(within(region).getByText('42 scans')).toBeTruthy();
    expect(within(region).getByText('Flyer')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'https://sho.rt/qr/11' }).getAttribute('href')).toBe('https://sho.rt/qr/11');
  });

  it('shows statistics as bar charts with labels and numbers', async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    await user.click(await within(region).findByRole('button', { name: 'Statistics of QR code Menu card' }));
    const stats = await within(region).findByRole('region', { name: 'Statistics of QR code Menu card' });
    await within(stats).findByText('Unique scans');
    expect(within(stats).getByText('30')).toBeTruthy();
    expect(worker.sent('getQr')).toEqual([{ id: 11 }]);

    const countries = within(stats).getByRole('img', { name: /^Top countries:/ });
    expect(countries.getAttribute('aria-label')).toBe('Top countries: Germany 20, France 12, Spain 10');
    expect(countries.tagName.toLowerCase()).toBe('svg');
    expect(countries.querySelectorAll('rect')).toHaveLength(3);
    // Each bar has its label and number as text.
    const texts = [...countries.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(['Germany', '20', 'France', '12', 'Spain', '10']);
    // The longest bar belongs to the largest value.
    const widths = [...countries.querySelectorAll('rect')].map((r) => Number(r.getAttribute('width')));
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    for (const name of [/^Top referrers:/, /^Top browsers:/, /^Top operating systems:/, /^Social:/])
      expect(within(stats).getByRole('img', { name })).toBeTruthy();
    // Known networks by their names; one the client does not know as the service sent it.
    expect(within(stats).getByRole('img', { name: 'Social: Facebook 3, mastodon 1, X (Twitter) 0' })).toBeTruthy();
  });

  it('missing statistics say they are not available; an unscanned code says "No scans yet"', async () => {
    const STICKER = { id: 13, link: 'https://sho.rt/qr/13', scans: 0, name: 'Sticker', date: '2025-02-03 12:00:00' };
    worker.lists.qrs = [MENU, FLYER, STICKER];
    // The list counts 42 scans of the menu card, but the service gives no figures: not "no scans".
    worker.qrDetails[11] = { details: MENU, statsEmpty: false, stats: EMPTY_QR_STATS };
    worker.qrDetails[13] = { details: STICKER, statsEmpty: false, stats: EMPTY_QR_STATS };
    const { user } = openOptions();
    const region = await section('QR codes');
    await user.click(await within(region).findByRole('button', { name: 'Statistics of QR code Flyer' }));
    const flyer = await within(region).findByRole('region', { name: 'Statistics of QR code Flyer' });
    await within(flyer).findByText('Statistics are not available for this QR code.');
    await user.click(within(region).getByRole('button', { name: 'Statistics of QR code Menu card' }));
    const menu = await within(region).findByRole('region', { name: 'Statistics of QR code Menu card' });
    await within(menu).findByText('Statistics are not available for this QR code.');
    expect(within(menu).queryByText('No scans yet')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Statistics of QR code Sticker' }));
    const sticker = await within(region).findByRole('region', { name: 'Statistics of QR code Sticker' });
    await within(sticker).findByText('No scans yet');
  });

  it('opened from "Open statistics" (#qr-stats-<id>), shows that QR code\'s charts at once', async () => {
    window.location.hash = '#qr-stats-11';
    try {
      openOptions();
      const region = await section('QR codes');
      const stats = await within(region).findByRole('region', { name: 'Statistics of QR code Menu card' });
      await within(stats).findByText('Unique scans');
      expect(worker.sent('getQr')).toEqual([{ id: 11 }]);
    } finally {
      window.location.hash = '';
    }
  });

  it('says scans in the list and in the statistics (one word)', async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    await within(region).findByText('42 scans');
    await user.click(await within(region).findByRole('button', { name: 'Statistics of QR code Menu card' }));
    const menu = await within(region).findByRole('region', { name: 'Statistics of QR code Menu card' });
    await within(menu).findByText('Scans');
    expect(within(menu).getByText('Unique scans')).toBeTruthy();
    expect(menu.textContent).not.toMatch(/clicks/i);
  });

  it('creates an SMS QR code with the data shape of its type and rgb colours from the picker', async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    const form = within(region).getByRole('form', { name: 'New QR code' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'sms');
    await user.type(within(form).getByLabelText('Phone number'), '+49 30 1234567');
    await user.type(within(form).getByLabelText('Message'), 'Hello');
    fireEvent.change(within(form).getByLabelText('Pick foreground colour'), { target: { value: '#994d00' } });
    expect((within(form).getByLabelText('Foreground colour') as HTMLInputElement).value).toBe('rgb(153,77,0)');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        { op: 'addQr', args: [{ type: 'sms', data: { phone: '+49 30 1234567', message: 'Hello' }, foreground: 'rgb(153,77,0)' }] },
      ]),
    );
  });

  it("refuses colours scanners read badly, with the popup's rule and reason, and sends nothing", async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    const form = within(region).getByRole('form', { name: 'New QR code' });
    await user.type(within(form).getByLabelText('URL'), 'https://example.com/menu');
    fireEvent.change(within(form).getByLabelText('Pick foreground colour'), { target: { value: '#ff8000' } });
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This style is refused: foreground and background have a contrast of 2.5:1, scanners need at least 4.5:1.',
    );
    expect(within(form).getByLabelText('Foreground colour').getAttribute('aria-invalid')).toBe('true');
    await user.clear(within(form).getByLabelText('Foreground colour'));
    await user.type(within(form).getByLabelText('Foreground colour'), 'rgb(255,255,255)');
    await user.type(within(form).getByLabelText('Background colour'), '#202020');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toMatch(/light foreground on a dark background/));
    expect(worker.mutations()).toEqual([]);
  });

  it('creates a Wi-Fi QR code and names a bad field first', async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    const form = within(region).getByRole('form', { name: 'New QR code' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'wifi');
    await user.selectOptions(within(form).getByLabelText('Encryption'), 'WEP');
    await user.type(within(form).getByLabelText('Background colour'), 'rgb(300,0,0)');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Network name (SSID) is required.');
    await user.type(within(form).getByLabelText('Network name (SSID)'), 'Cafe');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Background colour must have each of r, g, b between 0 and 255.');
    await user.clear(within(form).getByLabelText('Background colour'));
    await user.type(within(form).getByLabelText('Network password'), 'pw12345678');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        { op: 'addQr', args: [{ type: 'wifi', data: { ssid: 'Cafe', password: 'pw12345678', encryption: 'WEP' } }] },
      ]),
    );
  });

  it('creates a vCard, edits (updateQr) and deletes a QR code', async () => {
    const { user } = openOptions();
    const region = await section('QR codes');
    const form = within(region).getByRole('form', { name: 'New QR code' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'vcard');
    await user.type(within(form).getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(within(form).getByLabelText('Email address'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Website'), 'https://ada.example.com');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    await waitFor(() =>
      expect(worker.mutations()[0]).toEqual({
        op: 'addQr',
        args: [{ type: 'vcard', data: { name: 'Ada Lovelace', email: 'ada@example.com', url: 'https://ada.example.com/' } }],
      }),
    );

    await user.click(within(region).getByRole('button', { name: 'Edit QR code Menu card' }));
    const edit = within(region).getByRole('form', { name: 'Edit QR code Menu card' });
    await user.selectOptions(within(edit).getByLabelText('Type'), 'text');
    await user.type(within(edit).getByLabelText('Text'), 'Today: soup');
    await user.click(within(edit).getByRole('button', { name: 'Update QR code' }));
    await waitFor(() => expect(worker.mutations()[1]).toEqual({ op: 'updateQr', args: [11, { type: 'text', data: 'Today: soup' }] }));

    await user.click(within(region).getByRole('button', { name: 'Delete QR code Flyer' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete QR code Flyer' }));
    await waitFor(() => expect(worker.mutations()[2]).toEqual({ op: 'deleteQr', args: [12] }));
    await waitFor(() => expect(within(region).queryByText('Flyer')).toBeNull());
  });
});
