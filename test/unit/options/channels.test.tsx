import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, manyChannels } from '../support/fakeWorker';
import { openOptions, section, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();

const SPRING = { id: 7, name: 'Spring launch', description: 'Campaign links for spring', color: '#12AB34', starred: true };

describe('Channels', () => {
  it('shows "Loading…", then a long list (many pages of the service) a page at a time, with a search', async () => {
    worker.lists.channels = manyChannels(130); // the worker returns all pages as one list
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    worker.override.getList = async (d) => {
      const { name } = d as { name: 'channels' };
      if (name === 'channels') await gate;
      return { value: [...worker.lists[name]], fetchedAt: Date.now(), stale: false };
    };
    const { user } = openOptions();
    const region = await section('Channels');
    expect(within(region).getByText('Loading…')).toBeTruthy();
    release();
    await within(region).findByText('Channel 50');
    expect(within(region).getByText('130 channels', { exact: false })).toBeTruthy();
    expect(within(region).getByText('Showing 1–50 of 130')).toBeTruthy();
    const list = within(region).getByRole('list', { name: 'Channels' });
    expect(list.children).toHaveLength(50);
    expect(within(list).getAllByText('#1A2B3C')).toHaveLength(50);
    expect(within(list).getAllByRole('img', { name: 'Starred' })).toHaveLength(5);
    expect(within(region).queryByText('Channel 51')).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Next page' }));
    expect(within(region).getByText('Showing 51–100 of 130')).toBeTruthy();
    expect(within(region).getByText('Channel 51')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Next page' }));
    expect(within(region).getByText('Showing 101–130 of 130')).toBeTruthy();
    for (let i = 101; i <= 130; i++) expect(within(region).getByText(`Channel ${i}`)).toBeTruthy();
    expect((within(region).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    // The search finds any channel by name, on every page, and starts again on the first page.
    await user.type(within(region).getByLabelText('Search Channels'), 'channel 12');
    expect(within(region).getByText('Showing 1–11 of 11')).toBeTruthy();
    expect(within(region).getByText('Channel 12')).toBeTruthy();
    expect(within(region).getByText('Channel 129')).toBeTruthy();
    await user.clear(within(region).getByLabelText('Search Channels'));
    await user.type(within(region).getByLabelText('Search Channels'), 'nothing like it');
    expect(within(region).getByText('Nothing matches “nothing like it”.')).toBeTruthy();
  }, 20_000);

  it('Refresh asks the worker for a fresh list', async () => {
    const { user } = openOptions();
    const region = await section('Channels');
    await within(region).findByText('No channels yet.');
    await user.click(within(region).getByRole('button', { name: 'Refresh channels' }));
    await waitFor(() => expect(worker.sent('getList')).toContainEqual({ name: 'channels', refresh: true }));
  });

  it('creates a channel with the right mutation and shows it', async () => {
    const { user } = openOptions();
    const region = await section('Channels');
    const form = within(region).getByRole('form', { name: 'New channel' });
    await user.type(within(form).getByLabelText('Name'), 'Spring launch');
    await user.type(within(form).getByLabelText('Description'), 'For spring');
    await user.type(within(form).getByLabelText('Colour'), '#12ab34');
    await user.click(within(form).getByLabelText('Starred'));
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));

    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        { op: 'addChannel', args: [{ name: 'Spring launch', description: 'For spring', color: '#12ab34', starred: true }] },
      ]),
    );
    await within(region).findByText('Spring launch');
    expect(within(region).getByText('#12AB34')).toBeTruthy();
    // The list was asked for again after the change.
    expect(worker.sent('getList').filter((d) => (d as { name: string }).name === 'channels')).toHaveLength(2);
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('names the bad field before sending anything', async () => {
    const { user } = openOptions();
    const region = await section('Channels');
    const form = within(region).getByRole('form', { name: 'New channel' });
    await user.type(within(form).getByLabelText('Name'), 'Spring launch');
    await user.type(within(form).getByLabelText('Colour'), 'green');
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Colour must be written as #RRGGBB or rgb(r,g,b).');
    expect(document.activeElement).toBe(within(form).getByLabelText('Colour'));
    expect(worker.mutations()).toEqual([]);

    await user.clear(within(form).getByLabelText('Name'));
    await user.clear(within(form).getByLabelText('Colour'));
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Name is required.');
    expect(worker.mutations()).toEqual([]);
  });

  it('the colour picker fills the #RRGGBB field', async () => {
    openOptions();
    const region = await section('Channels');
    const form = within(region).getByRole('form', { name: 'New channel' });
    const picker = within(form).getByLabelText('Pick colour') as HTMLInputElement;
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(picker, { target: { value: '#a1b2c3' } });
    expect((within(form).getByLabelText('Colour') as HTMLInputElement).value).toBe('#A1B2C3');
  });

  it('edits a channel', async () => {
    worker.lists.channels = [SPRING];
    const { user } = openOptions();
    const region = await section('Channels');
    await user.click(await within(region).findByRole('button', { name: 'Edit channel Spring launch' }));
    const form = within(region).getByRole('form', { name: 'Edit channel Spring launch' });
    const name = within(form).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Summer launch');
    await user.click(within(form).getByLabelText('Starred'));
    await user.click(within(form).getByRole('button', { name: 'Update channel' }));
    await waitFor(() =>
      expect(worker.mutations()).toEqual([
        {
          op: 'updateChannel',
          args: [7, { name: 'Summer launch', description: 'Campaign links for spring', color: '#12AB34', starred: false }],
        },
      ]),
    );
    await within(region).findByText('Summer launch');
    expect(within(region).queryByRole('form', { name: /Edit channel/ })).toBeNull();
  });

  it('after an edit, says the changes were saved, and no longer what the create form said before', async () => {
    const { user } = openOptions();
    const region = await section('Channels');
    const create = within(region).getByRole('form', { name: 'New channel' });
    await user.type(within(create).getByLabelText('Name'), 'Spring launch');
    await user.click(within(create).getByRole('button', { name: 'Create channel' }));
    await within(region).findByText('Channel “Spring launch” created.');

    await user.click(await within(region).findByRole('button', { name: 'Edit channel Spring launch' }));
    const form = within(region).getByRole('form', { name: 'Edit channel Spring launch' });
    await user.type(within(form).getByLabelText('Name'), ' 2');
    await user.keyboard('{Enter}');
    await within(region).findByText('Changes saved.');
    expect(within(region).queryByText('Channel “Spring launch” created.')).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Edit channel Spring launch 2' }));

    // Cancel says nothing.
    await user.click(within(region).getByRole('button', { name: 'Edit channel Spring launch 2' }));
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(within(region).getByText('Changes saved.')).toBeTruthy();
  });

  it('deletes a channel after an inline confirmation that warns about its items', async () => {
    worker.lists.channels = [SPRING, { ...SPRING, id: 8, name: 'Autumn' }];
    const { user } = openOptions();
    const region = await section('Channels');
    await user.click(await within(region).findByRole('button', { name: 'Delete channel Spring launch' }));
    expect(within(region).getByText(/Deleting a channel also unassigns all its items\./)).toBeTruthy();
    expect(worker.mutations()).toEqual([]);
    // Focus starts on Cancel (named with the channel); Cancel sends nothing and returns focus to Delete.
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'No, keep channel Spring launch' }));
    await user.keyboard('{Enter}');
    expect(worker.mutations()).toEqual([]);
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Delete channel Spring launch' }));
    // Escape cancels as well.
    await user.keyboard('{Enter}');
    expect(within(region).getByRole('group', { name: /Delete channel Spring launch\?/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(region).queryByRole('group', { name: /Delete channel Spring launch\?/ })).toBeNull();
    expect(worker.mutations()).toEqual([]);
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Delete channel Spring launch' }));
    await user.click(within(region).getByRole('button', { name: 'Delete channel Spring launch' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete channel Spring launch' }));
    await waitFor(() => expect(worker.mutations()).toEqual([{ op: 'deleteChannel', args: [7] }]));
    await waitFor(() => expect(within(region).queryByText('Spring launch')).toBeNull());
    expect(within(region).getByText('Autumn')).toBeTruthy();
  });

  it("says one thing at a time: a delete's note replaces the create note, and a new create replaces the delete note", async () => {
    worker.lists.channels = [{ ...SPRING, id: 8, name: 'Autumn' }];
    const { user } = openOptions();
    const region = await section('Channels');
    const form = within(region).getByRole('form', { name: 'New channel' });
    const create = async (name: string) => {
      await user.type(within(form).getByLabelText('Name'), name);
      await user.click(within(form).getByRole('button', { name: 'Create channel' }));
      await within(region).findByText(`Channel “${name}” created.`);
    };
    await create('Spring launch');
    expect(within(region).queryByText('Channel deleted.')).toBeNull();
    await user.click(await within(region).findByRole('button', { name: 'Delete channel Autumn' }));
    await user.click(within(region).getByRole('button', { name: 'Yes, delete channel Autumn' }));
    await within(region).findByText('Channel deleted.');
    expect(within(region).queryByText(/created\.$/)).toBeNull();
    await create('Summer');
    expect(within(region).queryByText('Channel deleted.')).toBeNull();
  });

  it("Edit puts the focus on the form's first field; Escape closes the form and returns to Edit", async () => {
    worker.lists.channels = [SPRING];
    const { user } = openOptions();
    const region = await section('Channels');
    (await within(region).findByRole('button', { name: 'Edit channel Spring launch' })).focus();
    await user.keyboard('{Enter}');
    const form = within(region).getByRole('form', { name: 'Edit channel Spring launch' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    await user.keyboard('{Escape}');
    expect(within(region).queryByRole('form', { name: 'Edit channel Spring launch' })).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Edit channel Spring launch' }));
    expect(worker.mutations()).toEqual([]);
  });

  it('shows a server message containing HTML as text', async () => {
    const evil = '<b>Name</b> already taken <img src=x onerror="alert(1)">';
    worker.override.mutate = () => {
      throw fail('invalid-request', evil);
    };
    const { user } = openOptions();
    const region = await section('Channels');
    const form = within(region).getByRole('form', { name: 'New channel' });
    await user.type(within(form).getByLabelText('Name'), 'Dup');
    await user.click(within(form).getByRole('button', { name: 'Create channel' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('The service said: Name already taken');
    expect(alert.querySelector('b, img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('expands a channel to its items and assigns an item by type and id', async () => {
    worker.lists.channels = [SPRING];
    worker.channelItems[7] = [
      {
        type: 'links',
        id: 3,
        title: 'Launch post',
        preview: 'https://cdn.example.com/p.png',
        link: 'https://sho.rt/launch',
        date: '2025-03-01',
      },
      { type: 'bio', id: 4, title: 'Bio page', preview: null, link: null, date: '2025-03-02' },
    ];
    const { user } = openOptions();
    const region = await section('Channels');
    const toggle = await within(region).findByRole('button', { name: 'Items of channel Spring launch' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = await within(region).findByRole('list', { name: 'Items of channel Spring launch' });
    expect(within(items).getByText('Launch post')).toBeTruthy();
    expect(within(items).getByRole('link', { name: 'https://sho.rt/launch' }).getAttribute('href')).toBe('https://sho.rt/launch');
    expect(items.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/p.png');
    expect(worker.sent('getChannelItems')).toEqual([{ channelId: 7 }]);

    const form = within(region).getByRole('form', { name: 'Assign an item to channel Spring launch' });
    await user.selectOptions(within(form).getByLabelText('Item type'), 'qr');
    await user.type(within(form).getByLabelText('Item id'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect((await within(region).findByRole('alert')).textContent).toBe('Item id must be a number.');
    await user.clear(within(form).getByLabelText('Item id'));
    await user.type(within(form).getByLabelText('Item id'), '5');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(worker.mutations()).toEqual([{ op: 'assignChannelItem', args: [7, 'qr', 5] }]));
    await within(region).findByText('Item 5');
  });
});
