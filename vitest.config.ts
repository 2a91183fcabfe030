import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; this machine
// runs Node 20, where a failing test would otherwise crash the report instead of showing it.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  (Map as unknown as { groupBy: <K, V>(items: Iterable<V>, key: (v: V, i: number) => K) => Map<K, V[]> }).groupBy = (items, key) => {
    const out = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      out.set(k, [...(out.get(k) ?? []), item]);
    }
    return out;
  };
}

// Four projects: unit (logic and components, fast), integration (client against the
// sandbox over real HTTP), e2e (the built extension in Chromium), e2e-firefox (the Firefox
// build in Firefox ESR). `npm test` runs all four.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          globals: true,
          // A ceiling, not a wait: the property tests run hundreds of cases, which take several
          // times longer on a loaded 2-core machine (`npm run test:stress`) than on a quiet one.
          testTimeout: 30_000,
          // Testing Library's ceiling for a loaded machine; the mocked `ask`, its reset and the
          // cleanup every page test repeated (test/unit/support/setup.ts).
          setupFiles: ['test/unit/busyMachine.ts', 'test/unit/support/setup.ts'],
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 60_000,
          // One file at a time: the queue's timing figures must not share the 2 cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['test/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          globals: true,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
