import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import type { SerializedApiError } from '@/lib/api';
import { answer, PRO } from './harness';

const askMock = vi.mocked(ask);

/** Shortens a typed address against a worker that fails with `error`; returns the alert. */
async function failWith(error: SerializedApiError) {
  const world = answer(askMock, { shorten: error, account: PRO, tabUrl: null });
  render(<App />);
  const field = screen.getByRole('textbox', { name: 'Long URL' });
  await world.user.type(field, 'https://example.com/mine');
  const alias = screen.getByRole('textbox', { name: 'Custom alias' });
  await waitFor(() => expect(alias).toHaveProperty('disabled', false));
  await world.user.type(alias, 'my-alias');
  await world.user.click(screen.getByRole('button', { name: 'Shorten' }));
  const alert = await screen.findByRole('alert');
  // The user's input is kept.
  expect(field).toHaveProperty('value', 'https://example.com/mine');
  expect(alias).toHaveProperty('value', 'my-alias');
  expect(screen.queryByRole('textbox', { name: 'Short link' })).toBeNull();
  return { alert, ...world };
}

describe('popup errors', () => {
  it('a rejected key mentions the API key and opens the options', async () => {
    const { alert, user, openOptions } = await failWith({ kind: 'bad-key', message: 'Invalid API key' });
    expect(alert.textContent).toMatch(/API key/);
    await user.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalled();
  });

  it('a rate limit says when to retry', async () => {
    const { alert } = await failWith({ kind: 'rate-limited', message: 'Too Many API Requests.', retryAfterMs: 30_000 });
    expect(alert.textContent).toMatch(/Try again in 30 s/);
  });

  it('a refused request shows the server’s reason as text, never as markup', async () => {
    const { alert } = await failWith({ kind: 'invalid-request', message: '<img src=x onerror=alert(1)><b>Alias</b> is already taken' });
    expect(alert.textContent).toBe('The service said: Alias is already taken');
    expect(alert.querySelector('img, b')).toBeNull();
  });

  it('bad input names the field and marks it', async () => {
    const { alert } = await failWith({
      kind: 'invalid-input',
      field: 'custom_code',
      message: 'custom_code may contain only letters, digits, - and _',
    });
    expect(alert.textContent).toBe('Custom alias may contain only letters, digits, - and _.');
    expect(screen.getByRole('textbox', { name: 'Custom alias' }).getAttribute('aria-invalid')).toBe('true');
    // The keyboard goes to the field to mend (it was on Shorten).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Custom alias' })));
  });

  it('no connection says to check it', async () => {
    const { alert } = await failWith({ kind: 'network', message: 'Failed to fetch' });
    expect(alert.textContent).toMatch(/Check your internet connection/);
  });

  it('a timeout says to check the connection', async () => {
    const { alert } = await failWith({ kind: 'timeout', message: 'timed out' });
    expect(alert.textContent).toMatch(/connection/);
  });

  it('a plan limit says so', async () => {
    const { alert } = await failWith({ kind: 'forbidden', message: 'You have reached your limit of links.' });
    expect(alert.textContent).toBe('Your plan does not allow this (plan limit): You have reached your limit of links.');
  });

  it('the error goes away when the user tries again successfully', async () => {
    const world = answer(askMock, { tabUrl: 'https://example.com/x' });
    let first = true;
    const base = askMock.getMockImplementation()!;
    askMock.mockImplementation(async (type: string, data?: unknown) => {
      if (type === 'shorten' && first) {
        first = false;
        throw { kind: 'network', message: 'offline' };
      }
      return base(type as never, data as never);
    });
    render(<App />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Shorten' })).toHaveProperty('disabled', false));
    await world.user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('alert');
    await world.user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByRole('textbox', { name: 'Short link' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
