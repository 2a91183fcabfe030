// The UTM panel of an account without presets or site rules (a new user's, or after a switch to one).
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { answer } from './harness';

const askMock = vi.mocked(ask);

describe('UTM without presets', () => {
  it('opens with its fields and an empty preset select, and the popup stays drawn', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = answer(askMock);
    render(<App />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Long URL' })).toHaveProperty('value', 'https://example.com/article'));
    await user.click(screen.getByRole('button', { name: 'UTM' }));
    expect(await screen.findByRole('textbox', { name: 'UTM source' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shorten' })).toBeTruthy();
    // The popup's work after its first paint is done (its code loaded) before the page goes away.
    await screen.findByText(/No links yet/);
    expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(
      expect.stringMatching(/Maximum update depth|getSnapshot should be cached/),
    );
    errors.mockRestore();
  });
});
