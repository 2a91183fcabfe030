/**
 * Recent links made from this browser, newest first, only when the user keeps history (and, for
 * a private window's link, allows it there), at most as many as "Keep recent links" says: the
 * limit holds on every read as on every write, and near storage.local's quota the oldest go
 * first (a link or a job is never refused for room). Stored in two parts: the newest (`history`,
 * 100 to 200 links, written at each change) and the older ones (`historyOlder`, written when a
 * hundred have moved there, or one of them changed): a press writes the small part, not the whole list.
 */
import { historyItem, historyOlderItem, settingsItem, type HistoryEntry } from '@/lib/storage';
import { headOf, recentHeadItem, type RecentHead } from '@/lib/storage/recentHead';
import { isQuotaError } from '@/lib/storage/quota';
import { serializer } from './serialize';
import { keptInHistory } from '@/lib/links/keptInHistory';

const write = serializer();
/** Entries waiting for the next write, oldest first (with whether a private window made them), and that write. */
let pending: { entry: HistoryEntry; private: boolean }[] = [];
/** Ids of pending entries that only replace an entry still there (not one the user removed). */
let onlyIfThere = new Set<string>();
let nextWrite: Promise<void> | null = null;

/**
 * Stores Recent links and then their head, which the popup draws before the whole list comes (a
 * head that could not be written is removed: the popup then waits for the whole list).
 */
async function setHistory(list: HistoryEntry[]): Promise<void> {
  const older = knownOlder;
  const newest = list.length - (older?.length ?? 0);
  // Known before the write: storage.onChanged may tell of it before the write's promise settles.
  known = Object.freeze(list);
  try {
    // The older part unchanged (the same entries at the end): only the newest are written.
    if (older && newest >= 0 && newest <= NEWEST_MOST && older.every((e, i) => e === list[newest + i])) {
      await historyItem.setValue(list.slice(0, newest));
    } else {
      // The older part first: a worker stopped between the two writes leaves a link twice (read once), never none.
      knownOlder = Object.freeze(list.slice(NEWEST_KEPT));
      await historyOlderItem.setValue(knownOlder as HistoryEntry[]);
      await historyItem.setValue(list.slice(0, NEWEST_KEPT));
    }
  } catch (e) {
    known = null;
    knownOlder = null;
    throw e;
  }
  await recentHeadItem.setValue(headOf(list)).catch(() => recentHeadItem.removeValue().catch(() => undefined));
}

/** How many of the newest links `history` holds after the older ones were written, and at most. */
const NEWEST_KEPT = 100;
const NEWEST_MOST = 200;

/** The older part as this worker last read or wrote it (null: not known, written again at the next change). */
let knownOlder: readonly HistoryEntry[] | null = null;

/** Both stored parts: the list (a link in both, after a stopped write, once) and the older part as read. */
async function readParts(): Promise<{ list: HistoryEntry[]; older: HistoryEntry[] }> {
  const [newest, older] = await Promise.all([historyItem.getValue(), historyOlderItem.getValue()]);
  if (older.length === 0) return { list: newest, older };
  const ids = new Set(newest.map((e) => e.id));
  return { list: [...newest, ...older.filter((e) => !ids.has(e.id))], older };
}

/** The stored Recent links as one list, read from storage (what another part of the extension needs of them). */
export const readStoredHistory = async (): Promise<HistoryEntry[]> => (await readParts()).list;

/** Whether a stored head is the head of `list`. */
const isHeadOf = (head: RecentHead | null, list: readonly HistoryEntry[]): boolean => {
  const want = headOf(list);
  return head?.total === want.total && JSON.stringify(head.entries) === JSON.stringify(want.entries);
};

/**
 * The list as this worker last read or wrote it: read again only when the stored head is not its
 * head (the list was written by something else, or never read): a popup's open reads and checks
 * only the head, not thousands of links (a large read the next popup's reads would wait behind).
 */
let known: readonly HistoryEntry[] | null = null;

/**
 * Follows writes of the list (storage.onChanged, an event the worker listens to anyway): one by
 * something else (a list it never wrote: other length or other ends) makes it read the list again
 * and write its head, which is all a popup reads of it until the user searches or scrolls there.
 */
export function followHistoryWrites(onChanged: {
  addListener(fn: (changes: Record<string, { newValue?: unknown }>, area: string) => void): void;
}): void {
  onChanged.addListener((changes, area) => {
    if (area !== 'local' || (!changes.history && !changes.historyOlder)) return;
    if (known) {
      const olderLength = knownOlder?.length ?? 0;
      const same = (v: unknown, part: readonly HistoryEntry[]) =>
        Array.isArray(v) && v.length === part.length && v[0]?.id === part[0]?.id && v.at(-1)?.id === part.at(-1)?.id;
      const newestOk = !changes.history || same(changes.history.newValue, known.slice(0, known.length - olderLength));
      const olderOk = !changes.historyOlder || (knownOlder !== null && same(changes.historyOlder.newValue, knownOlder));
      if (newestOk && olderOk) return;
    }
    known = null;
    knownOlder = null;
    void mendHead().catch(() => undefined);
  });
}

/**
 * The stored list: the known one while the stored head is its head, else read; a head that does
 * not match the list read (an install from before it existed, or a list written by something
 * else) is made again, and the answer does not wait for it.
 */
async function storedList(): Promise<HistoryEntry[]> {
  const head = await recentHeadItem.getValue().catch(() => null);
  if (known && knownOlder && isHeadOf(head, known)) return known as HistoryEntry[];
  const { list, older } = await readParts();
  known = Object.freeze(list);
  knownOlder = Object.freeze(older);
  if (!isHeadOf(head, list)) void mendHead().catch(() => undefined);
  return list;
}

/** Reads the list once (at install): a missing or wrong head is written then, not in a batch's or a press's turn. */
export async function checkRecentHead(): Promise<void> {
  await write(storedList);
}

/** Writes the head of the list again (after the writes under way). */
async function mendHead(): Promise<void> {
  await write(async () => {
    // The list as this worker knows it (read or written by it, nothing else wrote since), else read.
    const now = known ?? (await readParts()).list;
    await recentHeadItem.setValue(headOf(now)).catch(() => undefined);
  });
}

/** The share of Recent links dropped (oldest first) each time storage is full. */
const ROOM_SHARE = 0.25;

/**
 * The stored Recent links, cut to the user's limit (a longer list, seeded or kept under a higher
 * limit, is stored cut); read after the writes under way, so a link just made is in it even
 * though its press does not wait for it to be filed.
 */
async function readHistory(): Promise<HistoryEntry[]> {
  const [list, { historyLimit }] = await Promise.all([write(storedList), settingsItem.getValue()]);
  if (list.length <= historyLimit) return list;
  const cut = list.slice(0, historyLimit);
  void write(async () => {
    const now = await storedList();
    if (now.length > historyLimit) await storeHistory(now.slice(0, historyLimit));
  });
  return cut;
}

/** Stores the list; when storage is full, drops its oldest links until it fits (even to none). */
async function storeHistory(list: HistoryEntry[]): Promise<void> {
  for (let kept = list; ; kept = kept.slice(0, Math.floor(kept.length * (1 - ROOM_SHARE)))) {
    try {
      await setHistory(kept);
      return;
    } catch (e) {
      if (!isQuotaError(e) || kept.length === 0) throw e;
    }
  }
}

/**
 * Makes room in storage for something that must be kept (a job): drops the oldest quarter of
 * Recent links. False when there was nothing left to drop.
 */
export function makeRoom(): Promise<boolean> {
  return write(async () => {
    const list = await storedList();
    if (list.length === 0) return false;
    await setHistory(list.slice(0, Math.floor(list.length * (1 - ROOM_SHARE))));
    return true;
  });
}

/**
 * Adds a link to the history (unless the user turned history off, or a private window made it).
 * Links made together (a queue's window) share one read and one write: one after another, each
 * job's last step would wait for all the writes before it. A full storage never fails the link.
 */
export function addToHistory(entry: HistoryEntry, fromPrivate = false): Promise<void> {
  onlyIfThere.delete(entry.id);
  pending.push({ entry, private: fromPrivate });
  nextWrite ??= write(async () => {
    nextWrite = null;
    const ids = new Set<string>();
    const settings = await settingsItem.getValue();
    // Newest first; an entry added twice is kept once, as its latest version.
    const added = pending
      .reverse()
      .filter((p) => keptInHistory(settings, p.private))
      .map((p) => p.entry)
      .filter((e) => !ids.has(e.id) && ids.add(e.id));
    const updates = onlyIfThere;
    pending = [];
    onlyIfThere = new Set();
    if (added.length === 0) return;
    const list = await storedList();
    // An update keeps its entry's place (and is dropped when the entry is gone); an added entry goes first.
    const replaced = new Map(added.filter((e) => updates.has(e.id)).map((e) => [e.id, e]));
    const first = added.filter((e) => !updates.has(e.id));
    const firstIds = new Set(first.map((e) => e.id));
    const rest = list.filter((e) => !firstIds.has(e.id)).map((e) => replaced.get(e.id) ?? e);
    await storeHistory([...first, ...rest].slice(0, settings.historyLimit)).catch(() => undefined);
  });
  return nextWrite;
}

/** Files what became of a link's assignments: replaces its entry, unless the user removed it meanwhile. */
export function updateInHistory(entry: HistoryEntry, fromPrivate = false): Promise<void> {
  const done = addToHistory(entry, fromPrivate);
  // Added to the same write as a plain entry unless it was pending as a new one there.
  if (!pending.slice(0, -1).some((p) => p.entry.id === entry.id)) onlyIfThere.add(entry.id);
  return done;
}

/** The history of one account of one service, newest first. */
export async function historyOf(service: string, account: string): Promise<HistoryEntry[]> {
  return (await readHistory()).filter((e) => e.service === service && (e.account ?? account) === account);
}

/** One entry by its id (within the limit). */
export async function historyEntry(id: string): Promise<HistoryEntry | undefined> {
  return (await readHistory()).find((e) => e.id === id);
}

/** Cuts the stored list to a new limit at once ("Keep recent links" lowered). */
export function applyHistoryLimit(limit: number): Promise<void> {
  return write(async () => {
    const list = await storedList();
    if (list.length > limit) await setHistory(list.slice(0, limit));
  });
}

/** Removes one entry; returns the removed entry. */
export function removeFromHistory(id: string): Promise<HistoryEntry | undefined> {
  return write(async () => {
    const list = await storedList();
    const found = list.find((e) => e.id === id);
    await setHistory(list.filter((e) => e.id !== id));
    return found;
  });
}

/** Empties the history. */
export function clearHistory(): Promise<void> {
  return write(() => setHistory([]));
}
