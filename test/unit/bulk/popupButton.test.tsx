import { expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import App from '@/entrypoints/popup/App';
import { answer } from '../popup/harness';

const askMock = vi.mocked(ask);

it('the popup\'s "Shorten many…" opens the bulk page in a tab, for the popup\'s window', async () => {
  const { user } = answer(askMock);
  vi.spyOn(browser.windows, 'getCurrent').mockResolvedValue({ id: 42 } as never);
  const create = vi.spyOn(browser.tabs, 'create').mockResolvedValue({} as never);
  render(<App />);
  await user.click(await screen.findByRole('button', { name: 'Shorten many…' }));
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  expect(create.mock.calls[0]![0].url).toMatch(/\/bulk\.html\?window=42$/);
});
