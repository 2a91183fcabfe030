/**
 * An open popup's Recent links follow links made, changed or deleted elsewhere (the worker
 * making the links not sent, the menu, the shortcut, another window's popup): the worker writes
 * the stored head after every change of the history and tells open popups of it (storedChanges.ts),
 * and the popup merges it into what it shows.
 */
import type { PopupKit } from './state';
import { headLinks } from './recentHead';
import { mergeHead } from './recentMerge';
import { onStoredChange } from './storedChanges';
import { readHead } from './firstReads';

/** Merges a stored head into the shown links (a link made, changed or deleted elsewhere), or asks for the whole list when it does not reach back to them. */
function takeHead({ set, get, timers }: PopupKit, raw: unknown): void {
  if (timers.disposed) return; // a page that let go of its store (it may mount it again: strict mode)
  const recent = get().recent;
  if (recent.state !== 'ready') return; // the worker's answer is on its way
  const head = headLinks(raw, get().accounts?.current);
  if (!head) return;
  const merged = mergeHead(recent.items, head);
  if (!merged) return void get().recentActions.loadHistory();
  const same =
    merged.length === recent.items.length &&
    merged.every((e, i) => e === recent.items[i] || JSON.stringify(e) === JSON.stringify(recent.items[i]));
  if (!same) set({ recent: { ...get().recent, items: merged } });
}

/**
 * Starts following the stored head for as long as the popup is open; returns the stop. The head
 * is read once more as it starts: a link made after the popup's first read of it and before this
 * (the worker tells only popups that listen) is shown too.
 */
export function followStoredHead(kit: PopupKit): () => void {
  const stop = onStoredChange((changes) => {
    if ('recentHead' in changes) takeHead(kit, changes.recentHead);
  });
  readHead().then(
    (raw) => takeHead(kit, raw),
    () => undefined,
  );
  return stop;
}
