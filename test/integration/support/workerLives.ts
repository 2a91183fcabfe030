// Worker lives for integration tests: the browser stops an extension's worker at any moment,
// and a stopped worker does nothing more. Each life runs inside its own async context; once a
// life is stopped, its storage calls, requests, copies and notifications never complete (its
// timers may still fire, but nothing they do reaches storage, the service or the user). The next
// life is a new service over the same storage, with fresh modules, as a restarted worker is.
import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ServiceDeps } from '@/lib/background/service';

type Service = ReturnType<typeof import('@/lib/background/service').createService>;

/** What the user was told, with the life that told it. */
export interface Told {
  title: string;
  message: string;
}

/** A worker that can be stopped and started again; `call` runs code in the living worker. */
export interface WorkerLives {
  service: Service;
  notes: Told[];
  copies: string[];
  /** The number of the current life (1 for the first). */
  life: number;
  /** Runs `fn` as the living worker (a message, an alarm, a menu click reaches it). */
  call<T>(fn: (service: Service) => Promise<T>): Promise<T>;
  /** Stops the worker where it is: nothing it was doing goes on. */
  stop(): void;
  /** Starts a new worker over the stored state: it tells of every job itself until a popup follows one, and resumes the queue. */
  start(): Promise<void>;
}

const NEVER = new Promise<never>(() => {});

/** Makes a worker whose lives the test controls; `overrides` are the service's deps of every life (its `fetch` is what a living worker sends with). */
export async function workerLives(overrides: Partial<ServiceDeps> = {}): Promise<WorkerLives> {
  const context = new AsyncLocalStorage<number>();
  let current = 0;
  const alive = () => {
    const life = context.getStore();
    return life === undefined || life === current;
  };
  const local = fakeBrowser.storage.local as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['get', 'set', 'remove', 'clear']) {
    const original = local[name]!.bind(local);
    local[name] = (...args: unknown[]) => (alive() ? original(...args) : NEVER);
  }
  const lives: WorkerLives = {
    service: undefined as unknown as Service,
    notes: [],
    copies: [],
    life: 0,
    call: (fn) => context.run(current, () => fn(lives.service)),
    stop: () => {
      current += 1;
    },
    start: async () => {
      current += 1;
      lives.life = current;
      const life = current;
      await context.run(life, async () => {
        // A restarted worker evaluates its modules anew: nothing in memory survives.
        vi.resetModules();
        const { createService } = await import('@/lib/background/service');
        const send = overrides.fetch ?? fetch;
        lives.service = createService({
          wakeAt: () => {},
          hasHostPermission: async () => false,
          ...overrides,
          // A stopped worker's requests, copies and notifications never happen.
          fetch: (input, init) => (alive() ? send(input, init) : NEVER),
          copy: async (text) => (alive() ? (lives.copies.push(text), true) : NEVER),
          notify: async (title, message) => (alive() ? void lives.notes.push({ title, message }) : NEVER),
        });
      });
      // As the worker's start does: no popup follows anything yet, then the queue resumes.
      await lives.call((s) => s.shortening.handBack().then(() => s.resume()));
    },
  };
  await lives.start();
  return lives;
}
