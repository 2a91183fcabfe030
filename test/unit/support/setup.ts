/**
 * The unit project's setup (vitest `setupFiles`), for what the page tests all repeated:
 * `ask` of lib/messaging is a vi.fn (the rest of the module is the real one), reset to the real
 * `ask` before each test; after each test the rendered page is removed and every spy restored. A file
 * plugs a fake worker into `ask` with `withFakeWorker()` or the popup's `answer()`
 * (test/unit/support/fakeWorker.ts).
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Until a test plugs a fake worker in, `ask` is the real one (a file that never mocked it sees no change).
vi.mock('@/lib/messaging', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/messaging')>();
  return { ...real, ask: vi.fn(real.ask) };
});

beforeEach(async () => {
  // Imported here, not at the top: a file that mocks lib/messaging itself keeps its own mock.
  const { ask } = await import('@/lib/messaging');
  if (vi.isMockFunction(ask)) ask.mockReset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
