/** Recent links made from this browser, newest first, capped, only when the user keeps history. */
import { historyItem, MAX_HISTORY, settingsItem, type HistoryEntry, type Settings } from '../storage';
import { serializer } from './serialize';

const write = serializer();
/** Entries waiting for the next write, oldest first (with whether a private window made them), and that write. */
let pending: { entry: HistoryEntry; private: boolean }[] = [];
/** Ids of pending entries that only replace an entry still there (not one the user removed). */
let onlyIfThere = new Set<string>();
let nextWrite: Promise<void> | null = null;

/** Whether a link goes into Recent links: history on, and for a private window's link only when the user allows it. */
export function keptInHistory(settings: Pick<Settings, 'keepHistory' | 'keepPrivateHistory'>, fromPrivate: boolean): boolean {
  return settings.keepHistory && (!fromPrivate || settings.keepPrivateHistory === true);
}

/**
 * Adds a link to the history (unless the user turned history off, or a private window made it). Links made together
 * (a queue's window) share one read and one write: one after another, each job's last step
 * would wait for all the writes before it.
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
    const list = await historyItem.getValue();
    // An update keeps its entry's place (and is dropped when the entry is gone); an added entry goes first.
    const replaced = new Map(added.filter((e) => updates.has(e.id)).map((e) => [e.id, e]));
    const first = added.filter((e) => !updates.has(e.id));
    const firstIds = new Set(first.map((e) => e.id));
    const rest = list.filter((e) => !firstIds.has(e.id)).map((e) => replaced.get(e.id) ?? e);
    await historyItem.setValue([...first, ...rest].slice(0, MAX_HISTORY));
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
  return (await historyItem.getValue()).filter((e) => e.service === service && (e.account ?? account) === account);
}

/** Removes one entry; returns the removed entry. */
export function removeFromHistory(id: string): Promise<HistoryEntry | undefined> {
  return write(async () => {
    const list = await historyItem.getValue();
    const found = list.find((e) => e.id === id);
    await historyItem.setValue(list.filter((e) => e.id !== id));
    return found;
  });
}

/** Empties the history. */
export function clearHistory(): Promise<void> {
  return write(() => historyItem.setValue([]));
}
