/** Recent links made from this browser, newest first, capped, only when the user keeps history. */
import { historyItem, MAX_HISTORY, settingsItem, type HistoryEntry } from '../storage';
import { serializer } from './serialize';

const write = serializer();
/** Entries waiting for the next write, oldest first, and that write. */
let pending: HistoryEntry[] = [];
/** Ids of pending entries that only replace an entry still there (not one the user removed). */
let onlyIfThere = new Set<string>();
let nextWrite: Promise<void> | null = null;

/**
 * Adds a link to the history (unless the user turned history off). Links made together
 * (a queue's window) share one read and one write: one after another, each job's last step
 * would wait for all the writes before it.
 */
export function addToHistory(entry: HistoryEntry): Promise<void> {
  onlyIfThere.delete(entry.id);
  pending.push(entry);
  nextWrite ??= write(async () => {
    nextWrite = null;
    const ids = new Set<string>();
    // Newest first; an entry added twice is kept once, as its latest version.
    const added = pending.reverse().filter((e) => !ids.has(e.id) && ids.add(e.id));
    const updates = onlyIfThere;
    pending = [];
    onlyIfThere = new Set();
    const settings = await settingsItem.getValue();
    if (!settings.keepHistory) return;
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
export function updateInHistory(entry: HistoryEntry): Promise<void> {
  const write = addToHistory(entry);
  // Added to the same write as a plain entry unless it was pending as a new one there.
  if (!pending.slice(0, -1).some((e) => e.id === entry.id)) onlyIfThere.add(entry.id);
  return write;
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
