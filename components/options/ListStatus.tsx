import type { ListState } from '@/lib/ui/optionsStore';
import { errorText } from '@/lib/ui/optionsText';

/** The head of a list: how many, how fresh, the Refresh button, "Loading…" and a failure. */
export function ListStatus({
  state,
  title,
  count,
  onRefresh,
}: {
  state: ListState<unknown>;
  title: string;
  count: (n: number) => string;
  onRefresh: () => void;
}) {
  const time = state.fetchedAt ? new Date(state.fetchedAt).toLocaleTimeString() : null;
  return (
    <>
      <div className="row list-head">
        <p className="muted" aria-live="polite">
          {state.items === null
            ? state.loading
              ? 'Loading…'
              : ''
            : `${count(state.items.length)}${time ? ` · updated ${time}` : ''}${state.loading || state.stale ? ' · updating…' : ''}`}
        </p>
        <button type="button" onClick={onRefresh} aria-label={`Refresh ${title}`}>
          Refresh
        </button>
      </div>
      {state.error && <p role="alert">{errorText(state.error)}</p>}
    </>
  );
}

/** "1 pixel", "3 pixels". */
export function plural(one: string, many: string): (n: number) => string {
  return (n) => `${n} ${n === 1 ? one : many}`;
}
