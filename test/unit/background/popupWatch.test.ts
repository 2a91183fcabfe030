import { describe, expect, it } from 'vitest';
import { createPopupWatch } from '@/lib/background/popupWatch';
import type { Job } from '@/lib/storage';

/** The queue as the watch sees it: jobs by id, with their notify flag. */
function queue(jobs: Partial<Job>[]) {
  const all = jobs.map((j) => ({ state: 'pending', notify: false, source: 'popup', ...j }) as Job);
  return {
    all,
    unsettled: async () => all.filter((j) => j.state === 'pending' || j.state === 'sending'),
    markNotify: async (id: string) => void (all.find((j) => j.id === id)!.notify = true),
    unmarkNotify: async (id: string) => void (all.find((j) => j.id === id)!.notify = false),
    patch: async (id: string, p: Partial<Job>) =>
      void Object.assign(
        all.find((j) => j.id === id)!,
        p,
      ),
  };
}

function port() {
  const message: ((m: unknown) => void)[] = [];
  const disconnect: (() => void)[] = [];
  const told: unknown[] = [];
  return {
    port: {
      onMessage: { addListener: (f: (m: unknown) => void) => message.push(f) },
      onDisconnect: { addListener: (f: () => void) => disconnect.push(f) },
      postMessage: (m: unknown) => void told.push(m),
    },
    told,
    post: (m: unknown) => message.forEach((f) => f(m)),
    close: () => disconnect.forEach((f) => f()),
  };
}
const settle = () => new Promise((r) => setTimeout(r, 10));

describe('who tells of a link: the popup that follows it, else the worker', () => {
  it('the last popup closing hands its jobs back; bulk jobs and settled ones stay as they are', async () => {
    const q = queue([{ id: 'p' }, { id: 'b', source: 'bulk' }, { id: 'd', state: 'done' }]);
    const watch = createPopupWatch(q);
    const one = port();
    const two = port();
    watch.connected(one.port);
    watch.connected(two.port);
    one.close();
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([false, false, false]); // another popup is still open
    two.close();
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([true, false, false]);
  });

  it('a popup that closes while another stays open hands back the jobs it followed, not those the other follows', async () => {
    // The other popup (a tab left open, in the background) follows nothing of this one's: were the
    // job kept until the last popup closes, nobody would tell of it or copy it.
    const q = queue([{ id: 'mine' }, { id: 'theirs' }, { id: 'both' }, { id: 'nobody' }]);
    const watch = createPopupWatch(q);
    const left = port();
    const closing = port();
    watch.connected(left.port);
    watch.connected(closing.port);
    left.post({ follow: 'theirs' });
    left.post({ follow: 'both' });
    closing.post({ follow: 'mine' });
    closing.post({ follow: 'both' });
    closing.close();
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([true, false, false, false]);
    // A job released by one popup stays with the other that still follows it.
    left.post({ release: 'theirs' });
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([true, true, false, false]);
    left.close();
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([true, true, true, true]);
  });

  it('a popup that follows a job takes it over until it closes', async () => {
    const q = queue([{ id: 'q', notify: true }]);
    const watch = createPopupWatch(q);
    const p = port();
    watch.connected(p.port);
    p.post({ follow: 'q' });
    await settle();
    expect(q.all[0]!.notify).toBe(false);
    p.post({ nonsense: 1 });
    p.close();
    await settle();
    expect(q.all[0]!.notify).toBe(true);
  });

  it('a job the popup stops following before it is made goes back to the worker; the rest stay with the popup', async () => {
    const q = queue([{ id: 'old' }, { id: 'new' }, { id: 'made', state: 'done' }]);
    const watch = createPopupWatch(q);
    const p = port();
    watch.connected(p.port);
    p.post({ follow: 'old' });
    p.post({ release: 'old' });
    p.post({ follow: 'new' });
    p.post({ release: 'made' });
    await settle();
    expect(q.all.map((j) => j.notify)).toEqual([true, false, false]);
  });

  it('a link the popup showed while its assignments go is marked told: closing the popup then tells only of a failure', async () => {
    const q = queue([{ id: 'shown' }, { id: 'other' }]);
    const watch = createPopupWatch(q);
    const p = port();
    watch.connected(p.port);
    p.post({ follow: 'shown' });
    p.post({ shown: 'shown' });
    p.close();
    await settle();
    expect(q.all.map((j) => [j.notify, !!j.told])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('tells every open popup of a stored change, and no popup that closed', async () => {
    const watch = createPopupWatch(queue([]));
    const one = port();
    const two = port();
    watch.connected(one.port);
    watch.connected(two.port);
    two.close();
    watch.tell({ stored: { recentHead: { entries: [], total: 0 } } });
    expect(one.told).toEqual([{ stored: { recentHead: { entries: [], total: 0 } } }]);
    expect(two.told).toEqual([]);
  });
});
