import type { SerializedApiError } from '@/lib/api';
import { isLoading, isPageWide, type ListState } from '@/lib/ui/options/store';
import { errorSentence } from '@/lib/i18n/errorText';
import { t, type MessageKey } from '@/lib/i18n';
import { clock, formatCount } from '@/lib/i18n/format';
import { tCount } from '@/lib/i18n/count';

/** The head of a loaded thing (a list, the account): a polite status line, its Refresh button and a failure (a page-wide one only named). */
export function StatusHead({
  text,
  error,
  refreshLabel,
  onRefresh,
  kept = false,
}: {
  text: string;
  error: SerializedApiError | null;
  /** What was loaded before is still shown (a failure then means "not updated"). */
  kept?: boolean;
  /** The Refresh button's accessible name ("Refresh pixels"). */
  refreshLabel: string;
  onRefresh: () => void;
}) {
  return (
    <>
      <div className="row list-head">
        <p className="muted" aria-live="polite">
          {text}
        </p>
        <button type="button" onClick={onRefresh} aria-label={refreshLabel}>
          {t('commonRefresh')}
        </button>
      </div>
      {/* The service out of reach is said once, in the connection box; here only that this was not loaded. */}
      {error &&
        (isPageWide(error) ? (
          <p className="muted">{t(kept ? 'optionsNotUpdatedSeeConnection' : 'optionsNotLoadedSeeConnection')}</p>
        ) : (
          <p role="alert">{errorSentence(error, 'options')}</p>
        ))}
    </>
  );
}

/** A list's status line: "Loading…", or how many, how fresh and whether it is being updated. */
export function listStatusText(state: ListState<unknown>, count: (n: number) => string): string {
  if (state.items === null && isLoading(state) && state.arriving) {
    const { items, total } = state.arriving;
    return total !== null && total > items.length
      ? t('optionsListArriving', formatCount(items.length), formatCount(total))
      : t('optionsListArrivingSoFar', formatCount(items.length));
  }
  if (state.items === null) return isLoading(state) ? t('commonLoading') : '';
  const time = state.fetchedAt ? clock(state.fetchedAt) : null;
  return `${count(state.items.length)}${time ? ` · ${t('optionsListUpdated', time)}` : ''}${isLoading(state) || state.stale ? ` · ${t('optionsListUpdating')}` : ''}`;
}

/** The head of a list: how many, how fresh, the Refresh button, "Loading…" and a failure. */
export function ListStatus({
  state,
  refreshLabel,
  count,
  onRefresh,
}: {
  state: ListState<unknown>;
  refreshLabel: string;
  count: (n: number) => string;
  onRefresh: () => void;
}) {
  return (
    <StatusHead
      text={listStatusText(state, count)}
      error={state.error}
      kept={state.items !== null}
      refreshLabel={refreshLabel}
      onRefresh={onRefresh}
    />
  );
}

/** "1 pixel", "3 pixels": the messages for one and for any other count, chosen by the language's rules (tCount). */
export function plural(one: MessageKey, many: MessageKey): (n: number) => string {
  return (n) => tCount({ one, other: many }, n);
}
