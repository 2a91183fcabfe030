/**
 * An open popup's Recent links follow links made, changed or deleted elsewhere (the worker
 * making the links not sent, the menu, the shortcut, another window's popup): the worker writes
 * the stored head after every change of the history and tells open popups of it (storedChanges.ts),
 * and the popup merges it into what it shows.
 */
import type { SliceKit } from './store';
import { headLinks } from './recentHead';
import { mergeHead } from './recentMerge';
import { onStoredChange } from './storedChanges';

/** Starts following the stored head for as long as the popup is open; returns the stop. */
export function followStoredHead({ set, get, timers }: SliceKit): () => void {
  return onStoredChange((changes) => {
    if (!('recentHead' in changes)) return;
    if (timers.disposed) return; // a page that let go of its store (it may mount it again: strict mode)
    const recent = get().recent;
    if (recent.state !== 'ready') return; // the worker's answer is on its way
    const head = headLinks(changes.recentHead, get().accounts?.current);
    if (!head) return;
    const merged = mergeHead(recent.items, head);
    if (!merged) return void get().loadHistory();
    const same = merged.length === recent.items.length && merged.every((e, i) => e === recent.items[i] || JSON.stringify(e) === JSON.stringify(recent.items[i]));
    if (!same) set({ recent: { ...get().recent, items: merged } });
  });
}
