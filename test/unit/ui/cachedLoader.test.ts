import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedLoader, showValue, type CachedAnswer, type LoadStep } from '@/lib/ui/cachedLoader';
import { createTimers, type Loaded } from '@/lib/ui/store';

/** A question the test answers by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("cachedLoader, the pages' one loader of cached values", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a Refresh answered before an earlier question: the earlier, older answer does not replace it', async () => {
    const questions: ReturnType<typeof deferred<CachedAnswer>>[] = [];
    const steps: LoadStep<CachedAnswer>[] = [];
    const load = cachedLoader<'channels'>({
      sources: { channels: () => (questions.push(deferred()), questions.at(-1)!.promise) },
      timers: createTimers(),
      put: (_k, step) => steps.push(step),
    });
    const first = load('channels');
    const second = load('channels', true);
    questions[1]!.resolve({ stale: false, value: ['new'] });
    await second;
    questions[0]!.resolve({ stale: false, value: ['old'] });
    await first;
    expect(steps.filter((s) => s.state === 'ready').map((s) => (s as { answer: CachedAnswer }).answer.value)).toEqual([['new']]);
  });

  it('asks a stale answer again as many times as told, then keeps the last', async () => {
    const sources = { campaigns: vi.fn(async () => ({ stale: true, value: [1] })) };
    const load = cachedLoader<'campaigns'>({ sources, timers: createTimers(), put: () => {}, rechecks: 2, recheckMs: 1000 });
    await load('campaigns');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sources.campaigns).toHaveBeenCalledTimes(3);
  });

  it('drops an answer asked for an account no longer shown, and its recheck', async () => {
    let account = 1;
    const put = vi.fn();
    const q = deferred<CachedAnswer>();
    const load = cachedLoader<'domains'>({
      sources: { domains: () => q.promise },
      timers: createTimers(),
      put,
      shownAccount: () => account,
    });
    const done = load('domains');
    account = 2;
    q.resolve({ stale: true, value: ['of account 1'] });
    await done;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(put.mock.calls.map(([, step]) => step.state)).toEqual(['loading']);
  });

  it("showValue: a failure keeps the value shown; a recheck's failure leaves the answer shown", async () => {
    const store: Record<string, Loaded<unknown>> = { domains: { state: 'ready', value: ['cached'] } };
    let fail = false;
    const load = cachedLoader<'domains'>({
      sources: {
        domains: async () => {
          if (fail) throw new Error('no worker');
          return { stale: true, value: ['fresh'] };
        },
      },
      timers: createTimers(),
      put: showValue(
        (k, loaded) => (store[k] = loaded),
        (k) => store[k]!.value,
      ),
    });
    await load('domains');
    expect(store.domains).toEqual({ state: 'ready', value: ['fresh'] });
    fail = true;
    await vi.advanceTimersByTimeAsync(5000); // the recheck fails
    expect(store.domains).toEqual({ state: 'ready', value: ['fresh'] });
    await load('domains'); // a question of its own fails
    expect(store.domains).toEqual({ state: 'error', value: ['fresh'] });
  });
});
