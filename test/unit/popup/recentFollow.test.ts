// A popup left open follows Recent links' stored head; what changed before it listened is read once as it starts.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPopupStore } from '@/lib/ui/popup/store';
import { followStoredHead } from '@/lib/ui/popup/recentFollow';
import { createTimers } from '@/lib/ui/store';
import { entry } from './harness';

const mine = (id: string) => entry({ id, shortUrl: `https://sho.rt/${id}`, shortCode: id, account: 'fp-mine' });

/** A popup showing `shown` from the head, following from now on. */
function following(shown: ReturnType<typeof mine>[]) {
  const store = createPopupStore();
  store.setState({
    accounts: { list: [], current: 'fp-mine', switchingTo: null, error: null },
    recent: { ...store.getState().recent, state: 'ready', items: shown, partial: true },
  });
  const stop = followStoredHead({ set: store.setState, get: store.getState, timers: createTimers() });
  return { store, stop };
}

describe('following the stored head', () => {
  it('shows a link made after the popup first read the head and before it listened (no news of it comes)', async () => {
    const [a, b] = [mine('a'), mine('b')];
    await fakeBrowser.storage.local.set({ recentHead: { entries: [mine('new'), a, b], total: 41 } });
    const { store, stop } = following([a, b]);
    await expect.poll(() => store.getState().recent.items.map((e) => e.id)).toEqual(['new', 'a', 'b']);
    stop();
  });

  it('leaves the links shown as they are when nothing changed', async () => {
    const [a, b] = [mine('a'), mine('b')];
    await fakeBrowser.storage.local.set({ recentHead: { entries: [a, b], total: 40 } });
    const { store, stop } = following([a, b]);
    const before = store.getState().recent.items;
    // The read answered: a second one, asked after it, has answered too.
    await fakeBrowser.storage.local.get('recentHead');
    await new Promise<void>((r) => queueMicrotask(r));
    expect(store.getState().recent.items).toBe(before);
    stop();
  });
});
