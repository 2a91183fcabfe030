/**
 * A page that fails while drawn says so in its place with "Try again" and "Reload page", instead
 * of going blank: the popup (its words come with its later chunk), the bulk page and the QR page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ask } from '@/lib/messaging';
import { answer } from './harness';

const broken = vi.hoisted(() => ({ on: true }));
const failing = (name: string) => () => {
  if (broken.on) throw new Error(`${name} failed`);
  return <p>{name} drawn</p>;
};
vi.mock('@/components/popup/PopupScreen', () => ({ PopupScreen: failing('popup') }));
vi.mock('@/components/bulk/BulkScreen', () => ({ BulkScreen: failing('bulk') }));

const SENTENCE = 'This part could not be shown: an error stopped it; try again, or reload the page.';

afterEach(() => {
  broken.on = true;
});

describe('a page that fails', () => {
  for (const page of ['popup', 'bulk'] as const) {
    it(`the ${page}: one sentence with role alert, Try again draws it anew, Reload page is offered`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      answer(vi.mocked(ask));
      const App = (await (page === 'popup' ? import('@/entrypoints/popup/App') : import('@/entrypoints/bulk/App'))).default;
      render(<App />);
      expect((await screen.findByRole('alert')).textContent).toBe(SENTENCE);
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
      broken.on = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(`${page} drawn`)).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }
});
