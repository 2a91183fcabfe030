import { useId } from 'react';
import type { Settings } from '@/lib/storage';
import { HISTORY_LIMITS, type HistoryLimit } from '@/lib/storage/names';
import { formatCount } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';

/** Select "Keep recent links": how many Recent links this browser keeps, and what happens to the others. */
export function HistoryLimitSelect({ draft, save }: { draft: Settings; save: (patch: Partial<Settings>) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-limit`}>{t('optionsHistoryLimit')}</label>
      <select
        id={`${id}-limit`}
        value={draft.historyLimit}
        aria-describedby={`${id}-limit-help`}
        onChange={(e) => save({ historyLimit: Number(e.target.value) as HistoryLimit })}
      >
        {HISTORY_LIMITS.map((n) => (
          <option key={n} value={n}>
            {t('optionsHistoryLimitChoice', formatCount(n))}
          </option>
        ))}
      </select>
      <p id={`${id}-limit-help`} className="muted">
        {t('optionsHistoryLimitHelp')}
      </p>
    </>
  );
}
