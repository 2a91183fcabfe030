import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ask, type ShortenRequest } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { createPopupStore } from '@/lib/ui/popup/store';
import { answer, callsOf, entry, PRO, SETTINGS } from './harness';

const askMock = vi.mocked(ask);

describe('popup form', () => {
  it('prefills Long URL with the tab’s address and asks for everything in parallel', async () => {
    const { query } = answer(askMock, { tabUrl: 'https://example.com/page?x=1' });
    render(<App />);
    const field = await screen.findByRole('textbox', { name: 'Long URL' });
    await waitFor(() => expect(field).toHaveProperty('value', 'https://example.com/page?x=1'));
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false);
    // Asked once the form is drawn (popupInit loads then), all at once.
    const asked = () => askMock.mock.calls.map((c) => (c[0] === 'getList' ? `getList:${(c[1] as { name: string }).name}` : c[0]));
    await waitFor(() =>
      expect(asked()).toEqual(
        expect.arrayContaining(['getConnection', 'getSettings', 'getList:domains', 'getList:campaigns', 'getAccount', 'getHistory']),
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the cursor in Long URL with the tab’s address selected, so Enter shortens it and a paste replaces it', async () => {
    answer(askMock, { tabUrl: 'https://example.com/page?x=1' });
    // As the popup starts: the tab's address is read before the first render.
    const store = createPopupStore();
    await store.getState().prime();
    render(<App store={store} />);
    const field = (await screen.findByRole('textbox', { name: 'Long URL' })) as HTMLInputElement;
    expect(field.value).toBe('https://example.com/page?x=1');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('https://example.com/page?x=1');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it('offers the default domain and only the domains that can be chosen, and every campaign', async () => {
    answer(askMock);
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(within(domain).getAllByRole('option')).toHaveLength(3));
    expect(
      within(domain)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['Default domain', ''],
      ['go.brand.example', '7'],
      ['links.other.example', '9'],
    ]);
    const campaign = screen.getByRole('combobox', { name: 'Campaign' });
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No campaign', 'Spring sale', 'Newsletter']),
    );
  });

  it('preselects the remembered choices and remembers new ones', async () => {
    const { user } = answer(askMock, { settings: { ...SETTINGS, lastDomainId: 9, lastCampaignId: 4 } });
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(domain).toHaveProperty('value', '9'));
    expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveProperty('value', '4');
    await user.selectOptions(domain, 'go.brand.example');
    expect(callsOf(askMock, 'saveSettings')).toContainEqual({ lastDomainId: 7, lastCampaignId: 4 });
  });

  it('forgets a remembered domain that no longer exists', async () => {
    answer(askMock, { settings: { ...SETTINGS, lastDomainId: 55 } });
    render(<App />);
    const domain = screen.getByRole('combobox', { name: 'Domain' });
    await waitFor(() => expect(within(domain).getAllByRole('option')).toHaveLength(3));
    expect(domain).toHaveProperty('value', '');
  });

  it('says a browser page cannot be shortened and keeps the field editable', async () => {
    const { user } = answer(askMock, { tabUrl: 'chrome://extensions/' });
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^This page cannot be shortened \(.+\)\. Paste a web address instead\.$/);
    const field = screen.getByRole('textbox', { name: 'Long URL' });
    const button = screen.getByRole('button', { name: 'Shorten' });
    expect(field).toHaveProperty('disabled', false);
    expect(field).toHaveProperty('readOnly', false);
    expect(button).toHaveProperty('disabled', true);
    await user.clear(field);
    await user.type(field, 'https://example.org/pasted');
    expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses the add-on store page until another address is in the field', async () => {
    const { user } = answer(askMock, { tabUrl: 'https://chromewebstore.google.com/detail/some/abc' });
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/This page cannot be shortened/);
    const button = screen.getByRole('button', { name: 'Shorten' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Long URL' }), '?ref=me');
    expect(button).toHaveProperty('disabled', false);
  });

  it('says in a status line that the tab’s address could not be read and that one can be pasted', async () => {
    answer(askMock, { tabUrl: null });
    render(<App />);
    const status = await screen.findByText('The address of this page is not available here: paste a web address.');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByRole('textbox', { name: 'Long URL' }).getAttribute('aria-describedby')).toContain(status.id);
  });

  it('enables Shorten only for a web address and explains what is wrong', async () => {
    const { user } = answer(askMock, { tabUrl: null });
    render(<App />);
    const field = screen.getByRole('textbox', { name: 'Long URL' });
    const button = screen.getByRole('button', { name: 'Shorten' });
    expect(button).toHaveProperty('disabled', true);
    await user.type(field, 'example.com');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(/starting with http:\/\/ or https:\/\//)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, 'https://example.com');
    expect(button).toHaveProperty('disabled', false);
  });

  it('disables Custom alias on a free plan and says why', async () => {
    answer(askMock);
    render(<App />);
    const alias = screen.getByRole('textbox', { name: 'Custom alias' });
    expect(alias).toHaveProperty('disabled', true);
    const reason = await screen.findByText('Custom aliases need a Pro plan');
    expect(alias.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id);
  });

  it('lets a Pro account choose an alias and sends it', async () => {
    const { user } = answer(askMock, { account: PRO });
    render(<App />);
    const alias = screen.getByRole('textbox', { name: 'Custom alias' });
    await waitFor(() => expect(alias).toHaveProperty('disabled', false));
    expect(screen.queryByText('Custom aliases need a Pro plan')).toBeNull();
    await user.type(alias, 'spring-24');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([
      { url: 'https://example.com/article', domainId: null, campaignId: null, customCode: 'spring-24' },
    ]);
  });

  it('in a private window, the press says so (the worker keeps the link out of Recent links); in a normal one it does not', async () => {
    const { user } = answer(askMock, { tabIncognito: true, tabTitle: 'Private page' });
    render(<App />);
    const button = screen.getByRole('button', { name: 'Shorten' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')).toEqual([
      { url: 'https://example.com/article', domainId: null, campaignId: null, title: 'Private page', private: true },
    ]);
    cleanup();
    askMock.mockReset();
    const normal = answer(askMock, { tabIncognito: false });
    render(<App />);
    const again = screen.getByRole('button', { name: 'Shorten' });
    await waitFor(() => expect(again).toHaveProperty('disabled', false));
    await normal.user.click(again);
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(callsOf(askMock, 'shorten')[0]).not.toHaveProperty('private');
  });

  it('while a press waits for its link, Shorten is busy and Domain, Campaign and Channel stay usable (they are for the next link)', async () => {
    let made!: () => void;
    const { user } = answer(askMock, {
      shorten: (req: ShortenRequest) =>
        new Promise(
          (resolve) =>
            (made = () => resolve({ status: 'done', entry: entry({ id: 'n1', longUrl: req.url, shortUrl: 'https://sho.rt/n1' }) })),
        ),
    });
    render(<App />);
    const button = screen.getByRole('button', { name: 'Shorten' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button).toHaveProperty('disabled', true);
    for (const name of ['Domain', 'Campaign', 'Channel']) expect(screen.getByRole('combobox', { name })).toHaveProperty('disabled', false);
    await act(async () => made());
    expect(await screen.findByRole('textbox', { name: 'Short link' })).toHaveProperty('value', 'https://sho.rt/n1');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it('is usable before the lists arrive', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    answer(askMock, {
      domains: async () => {
        await slow;
        return [];
      },
    });
    render(<App />);
    const button = screen.getByRole('button', { name: 'Shorten' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveProperty('disabled', false);
    await act(async () => release());
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Domain' })).getAllByRole('option')).toHaveLength(1));
  });

  it('asks to connect first when there is no connection', async () => {
    const { openOptions, user } = answer(askMock, { connected: false });
    render(<App />);
    expect(await screen.findByText('Connect the extension to your link service first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Shorten' })).toBeNull();
    // The keyboard is on the popup's one action: Enter opens the options.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open options' }));
    await user.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalled();
  });

  it('explains why a typed address that is not a web page cannot be shortened', async () => {
    answer(askMock, { tabUrl: 'https://example.com/page' });
    render(<App />);
    const field = await screen.findByRole('textbox', { name: 'Long URL' });
    await waitFor(() => expect(field).toHaveProperty('value', 'https://example.com/page'));
    act(() => {
      fireInput(field, 'ftp://files.example.com/a');
    });
    expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', true);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/Only web addresses starting with http/);
  });
});

function fireInput(el: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
