import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { errorSentence } from '@/lib/i18n/errorText';
import { safeHttpUrl } from '@/lib/api/safeUrl';
import type { BulkRowView } from '@/lib/messaging';
import { ruleText } from '@/lib/ui/bulk/ruleText';
import { useBulk } from './BulkContext';

/** The words of a row's state; a waiting row says it waits for the service (out of reach, or failing), or when it is expected once the budget is spent. */
function stateText(item: BulkRowView, expectedAt: number | null, now: number, forService: boolean, failing: boolean): string {
  switch (item.state) {
    case 'waiting':
      if (forService) return t(failing ? 'bulkStateWaitingServer' : 'bulkStateWaitingService');
      return expectedAt !== null && expectedAt - now > 1000 ? t('bulkStateWaitingUntil', clock(expectedAt)) : t('bulkStateWaiting');
    case 'made':
      return t('bulkStateMade');
    case 'reused':
      return t('bulkStateReused');
    case 'cancelled':
      return t('bulkStateCancelled');
    default:
      return t('bulkStateFailed', errorSentence(item.error, 'notification'));
  }
}

/** A row per address: the address (and the site rule that chose for it), its state (with "Retry" when it failed) and its short link. */
export function BulkRows() {
  const view = useBulk((s) => s.view);
  const retry = useBulk((s) => s.retry);
  const domains = useBulk((s) => s.domains.value);
  const campaigns = useBulk((s) => s.campaigns.value);
  const channels = useBulk((s) => s.channels.value);
  if (!view) return null;
  const lists = { domains, campaigns, channels };
  return (
    <table className="bulk-rows">
      <caption className="visually-hidden">{t('bulkResultsHeading')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('bulkColAddress')}</th>
          <th scope="col" className="col-state">
            {t('bulkColState')}
          </th>
          <th scope="col" className="col-short">
            {t('bulkColShort')}
          </th>
        </tr>
      </thead>
      <tbody>
        {view.batch.items.map((item, i) => {
          const href = item.shortUrl ? safeHttpUrl(item.shortUrl) : null;
          const rule = ruleText(item, lists);
          return (
            <tr key={`${i}:${item.url}`} className="bulk-row" data-state={item.state}>
              <td>
                {item.url}
                {rule && <span className="bulk-rule">{rule}</span>}
              </td>
              <td className={`bulk-state-${item.state}`}>
                {stateText(
                  item,
                  view.expectedAt[i] ?? null,
                  view.now,
                  view.waitingForService?.[i] ?? false,
                  view.serviceFailing?.[i] ?? false,
                )}
                {(item.state === 'failed' || item.state === 'cancelled') && (
                  <button type="button" aria-label={t('bulkRetryRow', item.url)} onClick={() => void retry(i)}>
                    {t('bulkRetry')}
                  </button>
                )}
              </td>
              <td>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {item.shortUrl}
                  </a>
                ) : (
                  (item.shortUrl ?? '')
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
