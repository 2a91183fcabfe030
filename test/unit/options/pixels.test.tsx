import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
beforeEach(() => {
  worker.lists.pixels = [
    { id: 1, type: 'fbpixel', name: 'Shop pixel', tag: '123456', date: '2025-01-02 03:04:05' },
    { id: 2, type: 'myspacepixel', name: 'Legacy pixel', tag: 'L-9', date: '2024-12-31 00:00:00' },
    { id: 3, type: 'gapixel', name: 'Analytics pixel', tag: 'G-1', date: '2025-01-03 00:00:00' },
    { id: 4, type: 'pinterest', name: 'Pins pixel', tag: 'P-1', date: '2025-01-04 00:00:00' },
    { id: 5, type: 'linkedininsight', name: 'Old LinkedIn pixel', tag: 'LI-1', date: '2025-01-05 00:00:00' },
  ];
});

describe('Pixels', () => {
  it('shows every pixel with type (by its name), tag and date; an unknown type as it is', async () => {
    openOptions();
    const region = await section('Pixels');
    await within(region).findByText('Shop pixel');
    const list = within(region).getByRole('list', { name: 'Pixels' });
    expect(within(list).getByText('Facebook')).toBeTruthy();
    expect(within(list).queryByText('fbpixel')).toBeNull();
    expect(within(region).getByText('123456')).toBeTruthy();
    expect(within(region).getByText('Jan 2, 2025')).toBeTruthy();
    expect(within(region).getByText('Legacy pixel')).toBeTruthy();
    expect(within(list).getByText('myspacepixel')).toBeTruthy();
    // The types real deployments send, by name; one this client does not know, as sent.
    expect(within(list).getByText('Google Analytics')).toBeTruthy();
    expect(within(list).getByText('Pinterest')).toBeTruthy();
    expect(within(list).getByText('linkedininsight')).toBeTruthy();
    expect(within(list).queryByText('gapixel')).toBeNull();
  });

  it('creates a pixel of one of the 13 types', async () => {
    const { user } = openOptions();
    const region = await section('Pixels');
    const form = within(region).getByRole('form', { name: 'New pixel' });
    const type = within(form).getByLabelText('Type') as HTMLSelectElement;
    // Exactly the types real deployments accept, in their order, each by its readable name.
    expect([...type.options].map((o) => o.value)).toEqual([
      'gtmpixel',
      'gapixel',
      'fbpixel',
      'adwordspixel',
      'linkedinpixel',
      'twitterpixel',
      'adrollpixel',
      'quorapixel',
      'pinterest',
      'bing',
      'snapchat',
      'reddit',
      'tiktok',
    ]);
    expect([...type.options].map((o) => o.textContent)).toEqual([
      'Google Tag Manager',
      'Google Analytics',
      'Facebook',
      'Google Ads',
      'LinkedIn',
      'X (Twitter)',
      'AdRoll',
      'Quora',
      'Pinterest',
      'Microsoft (Bing)',
      'Snapchat',
      'Reddit',
      'TikTok',
    ]);
    await user.selectOptions(type, 'tiktok');
    await user.type(within(form).getByLabelText('Name'), 'Video pixel');
    await user.type(within(form).getByLabelText('Tag'), 'has space');
    await user.click(within(form).getByRole('button', { name: 'Create pixel' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Tag must not contain spaces, quotes or < >.');
    expect(worker.mutations()).toEqual([]);

    await user.clear(within(form).getByLabelText('Tag'));
    await user.type(within(form).getByLabelText('Tag'), 'TT-1');
    await user.click(within(form).getByRole('button', { name: 'Create pixel' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([{ op: 'addPixel', args: [{ type: 'tiktok', name: 'Video pixel', tag: 'TT-1' }] }]),
    );
    await within(region).findByText('Video pixel');
  });

  it('edits name and tag, and deletes', async () => {
    const { user } = openOptions();
    const region = await section('Pixels');
    await user.click(await within(region).findByRole('button', { name: 'Edit pixel Legacy pixel' }));
    const form = within(region).getByRole('form', { name: 'Edit pixel Legacy pixel' });
    expect(within(form).queryByLabelText('Type')).toBeNull();
    await user.clear(within(form).getByLabelText('Tag'));
    await user.type(within(form).getByLabelText('Tag'), 'L-10');
    await user.click(within(form).getByRole('button', { name: 'Update pixel' }));
    await waitFor(() => expect(worker.mutations()).toEqual([{ op: 'updatePixel', args: [2, { name: 'Legacy pixel', tag: 'L-10' }] }]));
    await within(region).findByText('L-10');

    await user.click(within(region).getByRole('button', { name: 'Delete pixel Shop pixel' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete pixel Shop pixel' }));
    await waitFor(() => expect(worker.mutations()).toContainEqual({ op: 'deletePixel', args: [1] }));
    await waitFor(() => expect(within(region).queryByText('Shop pixel')).toBeNull());
    expect(screen.getByText('Pixel deleted.')).toBeTruthy();
  });
});
