/**
 * Form messages name the field by its visible label, in the page's language, and the bad
 * field is marked aria-invalid and focused (never "data.ssid", "redirectroot" or "name").
 */
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueMessage } from '../support/catalogues';
import { openOptions, section, withOptionsWorker, within } from './setup';

const h = vi.hoisted(() => ({ lang: 'en' }));
/** The browser's getMessage for the catalogue of the language under test. */
const getMessage = (key: string, subs?: string[]) => catalogueMessage(h.lang, key, subs);
// The i18n helper uses the browser's own API (@wxt-dev/browser, not the polyfill).
vi.mock('@wxt-dev/browser', () => ({
  browser: { i18n: { getMessage: (key: string, subs?: string[]) => getMessage(key, subs), getUILanguage: () => h.lang } },
}));

const worker = withOptionsWorker();
beforeEach(() => {
  h.lang = 'en';
});

describe('form messages', () => {
  it('name every bad field (each once, each a sentence), mark them all and focus the first', async () => {
    const { user } = openOptions();
    const form = within(await section('Pixels')).getByRole('form', { name: 'New pixel' });
    await user.click(within(form).getByRole('button', { name: 'Create pixel' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Name is required. Tag is required.');
    const name = within(form).getByLabelText('Name');
    const tag = within(form).getByLabelText('Tag');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(tag.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(worker.mutations()).toEqual([]);
  });

  it('an empty e-mail address is required (not "must be an email address"); a bad colour says how to write it', async () => {
    const { user } = openOptions();
    const qr = within(await section('QR codes')).getByRole('form', { name: 'New QR code' });
    await user.selectOptions(within(qr).getByLabelText('Type'), 'email');
    await user.click(within(qr).getByRole('button', { name: 'Create QR code' }));
    expect((await within(qr).findByRole('alert')).textContent).toBe('Email address is required.');
    const channel = within(await section('Channels')).getByRole('form', { name: 'New channel' });
    await user.type(within(channel).getByLabelText('Name'), 'Red');
    await user.type(within(channel).getByLabelText('Colour'), 'red!!');
    await user.click(within(channel).getByRole('button', { name: 'Create channel' }));
    expect((await within(channel).findByRole('alert')).textContent).toBe('Colour must be written as #RRGGBB or rgb(r,g,b).');
  });

  it('name a QR field by its label, mark it invalid and focus it', async () => {
    const { user } = openOptions();
    const form = within(await section('QR codes')).getByRole('form', { name: 'New QR code' });
    await user.selectOptions(within(form).getByLabelText('Type'), 'wifi');
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Network name (SSID) is required.');
    const ssid = within(form).getByLabelText('Network name (SSID)');
    expect(ssid.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(ssid);
    // Typing there clears the mark; the next bad field is marked instead.
    await user.type(ssid, 'x'.repeat(40));
    expect(ssid.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create QR code' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Network name (SSID) must be at most 32 characters.');
    expect(worker.mutations()).toEqual([]);
  });

  it('name a domain redirect by its label', async () => {
    const { user } = openOptions();
    const form = within(await section('Domains')).getByRole('form', { name: 'New domain' });
    await user.type(within(form).getByLabelText('Domain'), 'https://go.example.com');
    await user.type(within(form).getByLabelText('Root redirect'), 'example');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Root redirect must be a web address starting with http:// or https://.',
    );
    expect(within(form).getByLabelText('Root redirect').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Domain').getAttribute('aria-invalid')).toBeNull();
  });

  it('ask for an email or a password in a sentence', async () => {
    const { user } = openOptions();
    const form = within(await section('Account')).getByRole('form', { name: 'Update email or password' });
    await user.click(within(form).getByRole('button', { name: 'Update account' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Give a new email, a new password, or both.');
    expect(document.activeElement).toBe(within(form).getByLabelText('New email'));
  });

  it.each([
    ['de', 'Kanäle', 'Neuer Kanal', 'Kanal erstellen', 'Name ist erforderlich.'],
    ['es', 'Canales', 'Nuevo canal', 'Crear canal', 'Nombre es obligatorio.'],
  ])('are in %s with the label of the field', async (lang, title, formName, button, expected) => {
    h.lang = lang;
    const { user } = openOptions();
    const form = within(await section(title)).getByRole('form', { name: formName });
    await user.click(within(form).getByRole('button', { name: button }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(expected));
  });
});
