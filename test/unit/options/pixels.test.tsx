import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PIXEL_TYPES } from '@/lib/api/constants';
import { FakeWorker } from './fakeWorker';
import { openOptions, section, within } from './setup';

const h = vi.hoisted(() => ({ ask: null as null | ((type: string, data?: unknown) => Promise<unknown>) }));
vi.mock('@/lib/messaging', () => ({ ask: (type: string, data?: unknown) => h.ask!(type, data) }));
vi.mock('wxt/browser', () => ({ browser: { permissions: { request: async () => true } } }));

let worker: FakeWorker;
beforeEach(() => {
  worker = new FakeWorker();
  h.ask = worker.ask;
  worker.lists.pixels = [
    { id: 1, type: 'fbpixel', name: 'Shop pixel', tag: '123456', date: '2025-01-02 03:04:05' },
    { id: 2, type: 'myspacepixel', name: 'Legacy pixel', tag: 'L-9', date: '2024-12-31 00:00:00' },
  ];
});

describe('Pixels', () => {
  it('shows every pixel with type (by its name), tag and date; an unknown type as it is', async () => {
    openOptions();
    const region = await section('Pixels');
    await within(region).findByText('Shop pixel');
    const list = within(region).getByRole('list', { name: 'Pixels' });
    expect(within(list).getByText('Meta (Facebook) Pixel')).toBeTruthy();
    expect(within(list).queryByText('fbpixel')).toBeNull();
    expect(within(region).getByText('123456')).toBeTruthy();
    expect(within(region).getByText('2025-01-02 03:04:05')).toBeTruthy();
    expect(within(region).getByText('Legacy pixel')).toBeTruthy();
    expect(within(list).getByText('myspacepixel')).toBeTruthy();
  });

  it('creates a pixel of one of the 13 types', async () => {
    const { user } = openOptions();
    const region = await section('Pixels');
    const form = within(region).getByRole('form', { name: 'New pixel' });
    const type = within(form).getByLabelText('Type') as HTMLSelectElement;
    expect([...type.options].map((o) => o.value)).toEqual([...PIXEL_TYPES]);
    // Each type by its readable name, none by the service's internal value.
    const names = [...type.options].map((o) => o.textContent);
    expect(names.slice(0, 3)).toEqual(['Google Tag Manager', 'Meta (Facebook) Pixel', 'Google Ads']);
    for (const value of PIXEL_TYPES) expect(names).not.toContain(value);
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
