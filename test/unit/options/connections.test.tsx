/** Several accounts on the options page: the "Connections" section and the connection's name. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { ACCOUNT, SERVICE } from '../support/fakeWorker';
import { summary } from '../support/fakeConnections';
import { openOptions, section, sectionHeadings, withOptionsWorker, within } from './setup';

const worker = withOptionsWorker();
const WORK = summary({ fingerprint: 'fp-work', name: 'Work', serviceUrl: SERVICE, keyHint: 'abcd', current: true });
const CLIENT = summary({
  fingerprint: 'fp-client',
  name: 'Client A',
  serviceUrl: 'https://client.example.com',
  keyHint: 'wxyz',
  waiting: 2,
});

beforeEach(() => {
  worker.connection = { ...worker.connection, name: 'Work' };
  worker.connections = [WORK, CLIENT];
  worker.lists.channels = [{ id: 1, name: 'Work channel', description: '', color: '', starred: false }];
  worker.worlds = {
    'fp-client': {
      account: { ...ACCOUNT, id: 2, email: 'client@example.com', username: 'client' },
      lists: {
        channels: [{ id: 2, name: 'Client channel', description: '', color: '', starred: false }],
        pixels: [],
        domains: [],
        campaigns: [],
        qrs: [],
        overlays: [],
        splash: [],
      },
    },
  };
});

/** The list item of the connection shown by `name`. */
function item(region: HTMLElement, name: string): HTMLElement {
  return within(within(region).getByRole('list', { name: 'Connections' }))
    .getByText(name, { selector: '.name' })
    .closest('li') as HTMLElement;
}

/** An element's accessible description: the text of what its aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const permissionAsked = () => vi.mocked(browser.permissions.request).mock.calls.length;

describe('Connections', () => {
  it('lists every connection after Connection: name, service, masked key, Current and the links waiting', async () => {
    worker.connections = [WORK, CLIENT, summary({ fingerprint: 'fp-b', name: 'Client B', waiting: 1 })];
    openOptions();
    const region = await section('Connections');
    await within(region).findByText('Client B');
    expect(sectionHeadings().slice(0, 3)).toEqual(['Connection', 'Connections', 'Account']);
    const work = item(region, 'Work');
    expect(work.textContent).toContain(SERVICE);
    expect(work.textContent).toContain('Saved API key: ••••abcd');
    expect(within(work).getByText('Current')).toBeTruthy();
    expect(within(work).queryByRole('button', { name: 'Use' })).toBeNull();
    expect(within(work).getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(within(work).getByRole('button', { name: 'Forget' })).toBeTruthy();
    const client = item(region, 'Client A');
    expect(client.textContent).toContain('https://client.example.com');
    expect(client.textContent).toContain('••••wxyz');
    expect(within(client).getByText('2 links waiting')).toBeTruthy();
    expect(within(client).queryByText('Current')).toBeNull();
    expect(within(client).getByRole('button', { name: 'Use' })).toBeTruthy();
    expect(within(item(region, 'Client B')).getByText('1 link waiting')).toBeTruthy();
    // The current one first.
    const names = within(region)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.name')?.textContent);
    expect(names).toEqual(['Work', 'Client A', 'Client B']);
  });

  it('Use, Rename and Forget keep their words and are described by the name of the connection they act on', async () => {
    openOptions();
    const region = await section('Connections');
    await within(region).findByText('Client A');
    for (const name of ['Work', 'Client A']) {
      const buttons = within(item(region, name)).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(name === 'Work' ? ['Rename', 'Forget'] : ['Use', 'Rename', 'Forget']);
      expect(buttons.map(description)).toEqual(buttons.map(() => name));
    }
  });

  it('is not shown while no connection is saved', async () => {
    worker.connections = [];
    worker.disconnected();
    openOptions();
    await section('Connection');
    await waitFor(() => expect(worker.sent('listConnections')).toHaveLength(1));
    expect(sectionHeadings()).toEqual(['Connection', 'Preferences']);
  });

  it('Use makes it current, and the whole page shows that account: its lists, its service, its name', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await within(await section('Channels')).findByText('Work channel');
    await user.click(within(await waitFor(() => item(region, 'Client A'))).getByRole('button', { name: 'Use' }));

    await within(await section('Channels')).findByText('Client channel');
    expect(worker.sent('switchConnection')).toEqual([{ fingerprint: 'fp-client' }]);
    expect(screen.queryByText('Work channel')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('client@example.com'));
    expect(screen.getByRole('status').textContent).toContain('https://client.example.com');
    expect((screen.getByRole('textbox', { name: 'Connection name' }) as HTMLInputElement).value).toBe('Client A');
    await waitFor(() => expect(within(item(region, 'Client A')).getByText('Current')).toBeTruthy());
    expect(within(item(region, 'Work')).getByRole('button', { name: 'Use' })).toBeTruthy();
    expect(within(region).getByText('Now using connection “Client A”.')).toBeTruthy();
    // The account's choices are read again with it.
    expect(worker.sent('getSettings').length).toBeGreaterThanOrEqual(2);
  });

  it('Rename opens "Connection name" with Save name and Cancel; the new name shows in the list and in Connection', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await user.click(within(await waitFor(() => item(region, 'Work'))).getByRole('button', { name: 'Rename' }));
    const form = within(region).getByRole('form', { name: 'Rename connection “Work”' });
    const field = within(form).getByLabelText('Connection name') as HTMLInputElement;
    expect(field.value).toBe('Work');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(region).queryByRole('form')).toBeNull();
    expect(worker.sent('renameConnection')).toEqual([]);

    await user.click(within(item(region, 'Work')).getByRole('button', { name: 'Rename' }));
    const again = within(region).getByLabelText('Connection name');
    await user.clear(again);
    await user.type(again, 'x'.repeat(101));
    await user.click(within(region).getByRole('button', { name: 'Save name' }));
    expect(within(region).getByRole('alert').textContent).toBe('Connection name is too long: at most 100 characters, this one has 101.');
    expect(worker.sent('renameConnection')).toEqual([]);

    await user.clear(again);
    await user.type(again, 'Main office');
    await user.click(within(region).getByRole('button', { name: 'Save name' }));
    await within(region).findByText('Connection renamed to “Main office”.');
    expect(worker.sent('renameConnection')).toEqual([{ fingerprint: 'fp-work', name: 'Main office' }]);
    expect(item(region, 'Main office')).toBeTruthy();
    const connection = await section('Connection');
    await waitFor(() => expect((within(connection).getByLabelText('Connection name') as HTMLInputElement).value).toBe('Main office'));
  });

  it('Forget asks first, naming the waiting links it ends, then says what happened', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await user.click(within(await waitFor(() => item(region, 'Client A'))).getByRole('button', { name: 'Forget' }));
    const question = within(region).getByRole('group', { name: /Forget connection “Client A”/ });
    expect(question.textContent).toContain('2 waiting links will not be made.');
    expect(worker.sent('forgetConnection')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes, forget' }));

    await within(region).findByText('Connection “Client A” forgotten; 2 waiting links were not made.');
    expect(worker.sent('forgetConnection')).toEqual([{ fingerprint: 'fp-client' }]);
    expect(within(region).queryByText('Client A', { selector: '.name' })).toBeNull();
    expect(item(region, 'Work')).toBeTruthy();
    // The current account stays on the page.
    expect(within(await section('Channels')).getByText('Work channel')).toBeTruthy();
  });

  it('Forget of the last one, the current: the page has no account any more, and the section says what happened', async () => {
    worker.connections = [WORK];
    const { user } = openOptions();
    const region = await section('Connections');
    await within(await section('Channels')).findByText('Work channel');
    await user.click(within(await waitFor(() => item(region, 'Work'))).getByRole('button', { name: 'Forget' }));
    const question = within(region).getByRole('group', { name: /Forget connection “Work”/ });
    expect(within(question).getByText('Forget connection “Work”? Its API key, lists and choices leave this browser.')).toBeTruthy();
    expect(question.textContent).not.toContain('waiting');
    await user.click(within(question).getByRole('button', { name: 'Yes, forget' }));

    await within(region).findByText('Connection “Work” forgotten.');
    await waitFor(() => expect(sectionHeadings()).toEqual(['Connection', 'Connections', 'Preferences']));
    expect(within(region).queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Add connection' }));
    expect(screen.getByRole('status').textContent).toContain('Not set up yet');
  });

  it('Add connection refuses a bad service URL before anything is sent or asked', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await user.click(await within(region).findByRole('button', { name: 'Add connection' }));
    const form = within(region).getByRole('form', { name: 'Add connection' });
    await user.type(within(form).getByLabelText('Connection name'), 'Second');
    await user.type(within(form).getByLabelText('Service URL'), 'http://links.example.com');
    await user.type(within(form).getByLabelText('API key'), 'second-key-9876');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toContain('Use https://');
    expect(within(form).getByLabelText('Service URL').getAttribute('aria-invalid')).toBe('true');

    // The API's own address, and a key with a space, are refused likewise.
    await user.clear(within(form).getByLabelText('Service URL'));
    await user.type(within(form).getByLabelText('Service URL'), 'https://second.example.com/api');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Use the service’s base address, without /api at the end: https://second.example.com',
    );
    await user.clear(within(form).getByLabelText('Service URL'));
    await user.type(within(form).getByLabelText('Service URL'), 'https://second.example.com');
    await user.type(within(form).getByLabelText('API key'), ' more');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('API key must be one word without spaces.');

    expect(worker.sent('addConnection')).toEqual([]);
    expect(permissionAsked()).toBe(0);
  });

  it('Add connection: permission asked on that click, verified, the form closes and the new account is shown in use', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await user.click(await within(region).findByRole('button', { name: 'Add connection' }));
    const form = within(region).getByRole('form', { name: 'Add connection' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Connection name'));
    await user.type(within(form).getByLabelText('Connection name'), 'Second');
    await user.type(within(form).getByLabelText('Service URL'), 'https://second.example.com/');
    await user.type(within(form).getByLabelText('API key'), 'second-key-9876');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await within(region).findByText('Connection “Second” added and in use.');
    expect(vi.mocked(browser.permissions.request).mock.calls).toEqual([[{ origins: ['https://second.example.com/*'] }]]);
    expect(worker.sent('addConnection')).toEqual([{ name: 'Second', serviceUrl: 'https://second.example.com', apiKey: 'second-key-9876' }]);
    expect(within(region).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Add connection' }));
    const second = item(region, 'Second');
    expect(within(second).getByText('Current')).toBeTruthy();
    expect(second.textContent).toContain('••••9876');
    expect(within(item(region, 'Work')).getByRole('button', { name: 'Use' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('https://second.example.com'));
    expect(document.body.textContent).not.toContain('second-key-9876');
  });

  it('Add connection: a rejected key is said in the form, which stays open with what was typed', async () => {
    const { user } = openOptions();
    const region = await section('Connections');
    await user.click(await within(region).findByRole('button', { name: 'Add connection' }));
    const form = within(region).getByRole('form', { name: 'Add connection' });
    await user.type(within(form).getByLabelText('Service URL'), 'https://second.example.com');
    await user.type(within(form).getByLabelText('API key'), 'bad-key');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('API key');
    expect((within(form).getByLabelText('Service URL') as HTMLInputElement).value).toBe('https://second.example.com');
    expect(item(region, 'Work')).toBeTruthy();
    expect(within(item(region, 'Work')).getByText('Current')).toBeTruthy();
  });
});

describe('Connection name', () => {
  it('shows the current name, sends a new one with Save, and refuses one over 100 characters with the reason', async () => {
    const { user } = openOptions();
    const connection = await section('Connection');
    const field = within(connection).getByLabelText('Connection name') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('Work'));
    await user.clear(field);
    await user.type(field, 'y'.repeat(101));
    await user.click(within(connection).getByRole('button', { name: 'Save' }));
    expect(within(connection).getByRole('alert').textContent).toBe(
      'Connection name is too long: at most 100 characters, this one has 101.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(worker.sent('saveConnection')).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Agency  ');
    await user.click(within(connection).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(worker.sent('saveConnection')).toEqual([{ serviceUrl: SERVICE, name: 'Agency' }]));
    await waitFor(() => expect(field.value).toBe('Agency'));
  });
});

describe('Connections that cannot be listed', () => {
  it('says so in the section instead of hiding it', async () => {
    worker.override.listConnections = () => {
      throw { kind: 'unreadable', reason: 'no-answer', message: 'The extension worker did not answer.' };
    };
    openOptions();
    const region = await section('Connections');
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'The saved connections could not be listed: The extension worker did not answer.',
    );
  });
});
