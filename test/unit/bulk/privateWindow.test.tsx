/** The bulk page opened for a private window (bulk.html?window=<id>): it says so, and its batch is sent as private. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { browser } from 'wxt/browser';
import { ask, type BulkRequest } from '@/lib/messaging';
import App from '@/entrypoints/bulk/App';
import { createBulkStore } from '@/lib/ui/bulk/store';
import { answer, callsOf } from '../popup/harness';

const askMock = vi.mocked(ask);

/** The window `id` as the browser describes it. */
function windowIs(id: number, incognito: boolean) {
  vi.spyOn(browser.windows, 'get').mockImplementation((async (asked: number) => ({
    id: asked,
    incognito: asked === id && incognito,
    focused: true,
    alwaysOnTop: false,
  })) as never);
}

afterEach(() => vi.restoreAllMocks());

describe('bulk page for a private window', () => {
  for (const incognito of [true, false]) {
    it(`${incognito ? 'says so, and sends the batch and every bulk question as private' : 'for a normal window: no note, nothing marked private'}`, async () => {
      windowIs(7, incognito);
      const base = answer(askMock);
      base.worker.override.getBulk = () => null;
      base.worker.override.startBulk = () => null;
      render(<App store={createBulkStore('?window=7')} />);
      fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: 'https://a.example/private' } });
      await waitFor(() => expect(callsOf(askMock, 'getBulk')).toHaveLength(1));
      expect(callsOf(askMock, 'getBulk')).toEqual([incognito ? { private: true } : {}]);
      fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
      await waitFor(() => expect(callsOf(askMock, 'startBulk')).toHaveLength(1));
      const [req] = callsOf(askMock, 'startBulk') as (BulkRequest & { private?: boolean })[];
      expect(req!.private).toBe(incognito ? true : undefined);
      const note = screen.queryByText(/^For a private window: these links are not kept in Recent links/);
      expect(note !== null).toBe(incognito);
      expect(screen.getByRole('textbox', { name: 'Addresses' }).getAttribute('autocomplete')).toBe('off');
    });
  }
});
