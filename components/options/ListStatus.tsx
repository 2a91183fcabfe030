import type { ListState } from '@/lib/ui/optionsStore';
import { errorSentence } from '@/lib/errorText';
import { t, uiLanguage, type MessageKey } from '@/lib/i18n';

/** The head of a list: how many, how fresh, the Refresh button, "Loading…" and a failure. */
export function ListStatus({
  state,
  refreshLabel,
  count,
  onRefresh,
}: {
  state: ListState<unknown>;
  /** The Refresh button's accessible name ("Refresh pixels"). */
  refreshLabel: string;
  count: (n: number) => string;
  onRefresh: () => void;
}) {
  const time = state.fetchedAt ? new Date(state.fetchedAt).toLocaleTimeString(uiLanguage()) : null;
  return (
    <>
      <div className="row list-head">
        <p className="muted" aria-live="polite">
          {state.items === null
            ? state.loading
              ? t('commonLoading')
              : ''
            : `${count(state.items.length)}${time ? ` · ${t('optionsListUpdated', time)}` : ''}${state.loading || state.stale ? ` · ${t('optionsListUpdating')}` : ''}`}
        </p>
        <button type="button" onClick={onRefresh} aria-label={refreshLabel}>
          {t('commonRefresh')}
        </button>
      </div>
      {state.error && <p role="alert">{errorSentence(state.error, 'options')}</p>}
    </>
  );
}

/** "1 pixel", "3 pixels": the messages for one and for any other number (English, German and Spanish agree on that rule). */
export function plural(one: MessageKey, many: MessageKey): (n: number) => string {
  return (n) => t(n === 1 ? one : many, n);
}
