/**
 * The browser's sync between installs, as a test plays it, for any browser: neither Chromium
 * (without a Google account) nor Firefox (without a Firefox account) shares storage.sync between
 * profiles, so the test keeps the "server" and carries changes as the browser's sync does — what
 * an install wrote or removed since it last synced goes to the server (the last writer of a key
 * wins), and the server's items are delivered into each install's own storage.sync, whose
 * storage.onChanged then fires there as for a change from another device. How an install's area
 * is read and written is the browser's part (`SyncAreaAccess`).
 */

/** A sync area's items. */
export type Area = Record<string, unknown>;

/** What the server delivers into an install's area: items to set, keys to remove. */
export interface Delivery {
  set: Area;
  remove: string[];
}

/** How the test reaches an install's storage.sync in one browser. */
export interface SyncAreaAccess<H> {
  /** All of the install's sync area. */
  read(h: H): Promise<Area>;
  /** Removes, then sets, in the install's own sync area. */
  write(h: H, delivery: Delivery): Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One sync server and the installs it serves, so that tests see installs converge as a browser account would make them. */
export function syncServer<H>(access: SyncAreaAccess<H>) {
  const server: Area = {};
  /** What each install held after its last sync (its own changes are what differs from it). */
  const seen = new Map<H, Area>();

  return {
    /** The server's items (a copy). */
    items: (): Area => structuredClone(server),

    /** One sync of `h`: its changes up to the server, then the server's items down into its area. Says whether anything moved. */
    async sync(h: H): Promise<boolean> {
      const area = await access.read(h);
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
        await access.write(h, { set, remove });
      }
      seen.set(h, structuredClone(server));
      return moved;
    },
  };
}
