/** Recent links made from this browser, newest first, capped, only when the user keeps history. */
import { historyItem, MAX_HISTORY, settingsItem, type HistoryEntry } from '../storage';
import { serializer } from './serialize';

const write = serializer();

/** Adds a link to the history (unless the user turned history off). */
export function addToHistory(entry: HistoryEntry): Promise<void> {
  return write(async () => {
    const settings = await settingsItem.getValue();
    if (!settings.keepHistory) return;
    const list = await historyItem.getValue();
    await historyItem.setValue([entry, ...list.filter((e) => e.id !== entry.id)].slice(0, MAX_HISTORY));
  });
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
