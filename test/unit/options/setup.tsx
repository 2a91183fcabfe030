/**
 * Opening the options page in a test: the App (with a fresh store), a user-event session, and
 * the fake worker answering it (test/unit/support/fakeWorker.ts).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, vi } from 'vitest';
import { browser } from 'wxt/browser';
import App from '@/entrypoints/options/App';
import { withFakeWorker, type FakeWorker } from '../support/fakeWorker';

/** The fake worker of every test of the file, and the browser granting the host permissions asked for. */
export function withOptionsWorker(): FakeWorker {
  const worker = withFakeWorker();
  beforeEach(() => {
    vi.spyOn(browser.permissions, 'request').mockResolvedValue(true as never);
  });
  return worker;
}

/** Renders the options page (it makes a fresh store). */
export function openOptions() {
  const user = userEvent.setup();
  const view = render(<App />);
  return { user, ...view };
}

/** The region of a section, found by its h2 heading (waits for it). */
export async function section(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
}

/** The h2 headings shown, in order. */
export function sectionHeadings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

export { within };
