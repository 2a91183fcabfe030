/**
 * The browser's sync between installs, as a test plays it: Chromium does not share storage.sync
 * between profiles without a Google account, so the test keeps the "server" and carries changes
 * as Chrome's sync does — what an install wrote or removed since it last synced goes to the
 * server (the last writer of a key wins), and the server's items are delivered into each install's
 * own storage.sync, whose storage.onChanged then fires there as for a change from another device.
 */
import type { Browser } from 'wxt/browser';
import { evalInWorker, type ExtensionHarness } from './harness';

declare const chrome: typeof Browser;

type Area = Record<string, unknown>;

/** All of an install's sync area, read in its worker. */
export const syncAreaOf = (h: ExtensionHarness) => evalInWorker(h, () => chrome.storage.sync.get(null) as Promise<Area>, null);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One sync server and the installs it serves. */
export function syncServer() {
  const server: Area = {};
  /** What each install held after its last sync (its own changes are what differs from it). */
  const seen = new Map<ExtensionHarness, Area>();

  return {
    /** The server's items (a copy). */
    items: (): Area => structuredClone(server),

    /** One sync of `h`: its changes up to the server, then the server's items down into its area. Says whether anything moved. */
    async sync(h: ExtensionHarness): Promise<boolean> {
      const area = await syncAreaOf(h);
      const before = seen.get(h) ?? {};
      let moved = false;
      for (const [k, v] of Object.entries(area))
        if (!same(before[k], v) && !same(server[k], v)) {
          server[k] = v;
          moved = true;
        }
      for (const k of Object.keys(before))
        if (!Object.hasOwn(area, k) && Object.hasOwn(server, k)) {
          delete server[k];
          moved = true;
        }
      const set = Object.fromEntries(Object.entries(server).filter(([k, v]) => !same(area[k], v)));
      const remove = Object.keys(area).filter((k) => !Object.hasOwn(server, k));
      if (Object.keys(set).length || remove.length) {
        moved = true;
        await evalInWorker(
          h,
          async (a) => {
            if (a.remove.length) await chrome.storage.sync.remove(a.remove);
            if (Object.keys(a.set).length) await chrome.storage.sync.set(a.set);
          },
          { set, remove },
        );
      }
      seen.set(h, structuredClone(server));
      return moved;
    },
  };
}
