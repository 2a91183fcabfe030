/**
 * A private window's link waiting is handed only to a popup of a private window: over the popups'
 * ports (the worker's news of the queue) and in the answer to getWaitingLinks. A normal window's
 * popup (a page that may be inspected) never receives its address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPopupWatch } from '@/lib/background/popupWatch';
import { registerHandlers } from '@/lib/background/handlers';
import { createService } from '@/lib/background/service';
import { popupNewsOf, type WorkerPortMessage } from '@/lib/messaging/popupPort';
import type { WaitingLinks } from '@/lib/messaging';
import type { Job } from '@/lib/storage';

const SECRET = 'https://secret.example/clinic?q=private';
const NORMAL = 'https://example.org/normal';
const ORIGIN = `chrome-extension://${fakeBrowser.runtime.id}/`;
const POPUP = { id: fakeBrowser.runtime.id, url: `${ORIGIN}popup.html` };

/** A popup's link the user was told waits (for the budget: nothing runs it meanwhile). */
const waitingJob = (id: string, url: string, priv: boolean) =>
  ({
    id,
    kind: 'shorten',
    source: 'popup',
    priority: 'interactive',
    state: 'pending',
    attempts: 0,
    notBefore: Date.now() + 3_600_000,
    createdAt: 1,
    fingerprint: 'fp',
    notify: true,
    toldWaiting: true,
    args: { url, domainId: null, campaignId: null, ...(priv ? { private: true } : {}) },
  }) as Job;
const JOBS = [waitingJob('n', NORMAL, false), waitingJob('p', SECRET, true)];

/** A popup's port as the worker sees it, from `sender`: the test posts its messages and reads what it was told. */
function port(sender: { id?: string; url?: string; tab?: { incognito?: boolean } }) {
  const message: ((m: unknown) => void)[] = [];
  const told: WorkerPortMessage[] = [];
  return {
    port: {
      sender,
      onMessage: { addListener: (f: (m: unknown) => void) => message.push(f) },
      onDisconnect: { addListener: () => {} },
      postMessage: (m: WorkerPortMessage) => void told.push(m),
    },
    told,
    post: (m: unknown) => message.forEach((f) => f(m)),
  };
}
const urlsTold = (told: WorkerPortMessage[]) => told.map((m) => m.stored.waiting?.map((l) => l.url));

describe("the links waiting told over the popups' ports", () => {
  it("a normal window's popup is never handed a private window's link; a private window's popup is, once it says so", async () => {
    const watch = createPopupWatch({
      unsettled: async () => JOBS,
      markNotify: async () => {},
      unmarkNotify: async () => {},
      patch: async () => {},
    });
    const normal = port(POPUP);
    const priv = port(POPUP);
    // A popup opened as a tab of a normal window that claims to be private is not believed.
    const normalTab = port({ ...POPUP, tab: { incognito: false } });
    // Firefox may hold the popup page as a tab of a private window: the tab says so.
    const privateTab = port({ ...POPUP, tab: { incognito: true } });
    for (const p of [normal, priv, normalTab, privateTab]) watch.connected(p.port);
    normalTab.post({ private: true });
    const news = popupNewsOf({ queue: { oldValue: [], newValue: JOBS } }, 'local')!;
    watch.tell(news);
    expect(urlsTold(normal.told)).toEqual([[NORMAL]]);
    expect(urlsTold(normalTab.told)).toEqual([[NORMAL]]);
    expect(JSON.stringify([normal.told, normalTab.told])).not.toContain('secret.example');
    expect(urlsTold(privateTab.told)).toEqual([[NORMAL, SECRET]]);
    // Told before it said its window is private: the popup is then handed the whole list at once, and all news after.
    expect(urlsTold(priv.told)).toEqual([[NORMAL]]);
    priv.post({ private: true });
    await expect.poll(() => urlsTold(priv.told)).toEqual([[NORMAL], [NORMAL, SECRET]]);
    watch.tell(news);
    expect(urlsTold(priv.told)).toEqual([[NORMAL], [NORMAL, SECRET], [NORMAL, SECRET]]);
    expect(urlsTold(normal.told)).toEqual([[NORMAL], [NORMAL]]);
    // News without the links waiting reach every popup as they are.
    watch.tell({ stored: { connectionState: { connected: true } } });
    expect(normal.told.at(-1)).toEqual({ stored: { connectionState: { connected: true } } });
  });
});

describe('the answer to getWaitingLinks', () => {
  beforeAll(async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({ queue: JOBS });
    const service = createService({
      fetch: () => new Promise(() => {}),
      copy: async () => true,
      notify: async () => {},
      wakeAt: () => {},
      hasHostPermission: async () => false,
    });
    registerHandlers(service, fakeBrowser.runtime.id, ORIGIN);
  });

  /** Asks as a page of the extension would, from `sender`; the answer's value. */
  async function ask(sender: object, data?: unknown): Promise<WaitingLinks> {
    let answer: unknown;
    const sent = new Promise((resolve) => (answer = resolve));
    await fakeBrowser.runtime.onMessage.trigger({ id: 1, type: 'getWaitingLinks', data, timestamp: Date.now() }, sender, answer as never);
    const { res } = (await sent) as { res: { ok: boolean; value: WaitingLinks } };
    expect(res.ok).toBe(true);
    return res.value;
  }

  it("a normal window's popup gets neither the private row nor its job; a private window's popup gets both", async () => {
    const normal = await ask(POPUP, { private: false });
    expect(normal.waiting.map((l) => l.url)).toEqual([NORMAL]);
    expect(normal.pending.map((j) => j.url)).toEqual([NORMAL]);
    expect(JSON.stringify(normal)).not.toContain('secret.example');
    // A page that says nothing is a normal one.
    expect(JSON.stringify(await ask(POPUP))).not.toContain('secret.example');
    // A tab of a normal window is not believed when it claims to be private.
    expect(JSON.stringify(await ask({ ...POPUP, tab: { incognito: false } }, { private: true }))).not.toContain('secret.example');

    const priv = await ask(POPUP, { private: true });
    expect(priv.waiting.map((l) => l.url)).toEqual([NORMAL, SECRET]);
    expect(priv.pending.map((j) => j.url)).toEqual([NORMAL, SECRET]);
    // A popup's pending link crosses as a view: nothing the worker keeps only to run it.
    expect(Object.keys(priv.pending[1]!).sort()).toEqual(['fingerprint', 'id', 'notBefore', 'state', 'url']);
  });
});
