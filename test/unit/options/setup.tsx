/**
 * Opening the options page in a test: the App (with a fresh store), a user-event session.
 * Each test file mocks '@/lib/messaging' (ask → a FakeWorker) and 'wxt/browser' itself.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '@/entrypoints/options/App';

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
