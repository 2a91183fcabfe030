// The worker's service for integration tests: real HTTP, the fake browser's storage, and the
// notifications and clipboard writes it makes recorded.
import { createService, type ServiceDeps } from '@/lib/background/service';

/** A service whose notifications and copies the test reads; `overrides` replace its other deps (timeouts, wait policy). */
export function makeService(overrides: Partial<ServiceDeps> = {}) {
  const notes: { title: string; message: string }[] = [];
  const copies: string[] = [];
  const service = createService({
    fetch: (i, init) => fetch(i, init),
    copy: async (t) => (copies.push(t), true),
    notify: async (title, message) => void notes.push({ title, message }),
    wakeAt: () => {},
    hasHostPermission: async () => false,
    ...overrides,
  });
  return { service, notes, copies };
}
