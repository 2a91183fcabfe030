import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { useOptions } from './OptionsContext';

/**
 * The outcome of a form: a failure as role alert, a success as a polite note (plain text both),
 * and, while its change waits for the spent rate limit, when it will be sent.
 */
export function Feedback({ error, note, busy }: { error: string | null; note?: string | null; busy?: boolean }) {
  const rateWaitUntil = useOptions((s) => s.rateWaitUntil);
  const waiting = busy && rateWaitUntil !== null ? t('optionsChangeWaiting', clock(rateWaitUntil)) : null;
  return (
    <>
      {error && <p role="alert">{error}</p>}
      {note !== undefined ? (
        <p className={waiting ? 'note waiting' : 'note'} aria-live="polite">
          {waiting ?? note ?? ''}
        </p>
      ) : (
        // Only while a change is under way: an item at rest has no empty live region (one per section says what happened).
        busy && (
          <p className={waiting ? 'note waiting' : 'note'} role="status">
            {waiting ?? ''}
          </p>
        )
      )}
    </>
  );
}
