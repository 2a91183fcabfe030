import { useEffect, useState } from 'react';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { rowsShown } from '@/lib/ui/popup/reestimate';
import { usePopup } from './PopupContext';

/**
 * "Links waiting": every link of the current account still waiting to be made (the budget is
 * spent, the service is down), each named with its address, when it is tried next or expected
 * to leave under the rate limit (if known; "in a moment" once that time passed), and a Cancel naming it (a private window's only in a
 * private window); a row goes when its link is made (it joins Recent links) or cancelled.
 */
export function LinksWaiting() {
  const links = usePopup((s) => s.waitingLinks);
  const current = usePopup((s) => s.accounts?.current);
  const incognito = usePopup((s) => s.incognito);
  const cancel = usePopup((s) => s.waitingActions.cancelQueued);
  // A private window's link is not named in a normal window (the worker does not hand it one: a second guard).
  const mine = rowsShown(links, current, incognito);
  const now = Date.now();
  // A time said goes once it has passed: drawn again then (no time in the past stays on screen).
  const soonest = Math.min(...mine.flatMap((l) => [l.notBefore, l.expectedAt ?? 0]).filter((at) => at > now));
  const [, passed] = useState(0);
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    const id = setTimeout(() => passed((n) => n + 1), soonest - Date.now() + 50);
    return () => clearTimeout(id);
  }, [soonest]);
  if (mine.length === 0) return null;
  return (
    <section className="notice links-waiting" aria-labelledby="links-waiting-heading">
      <h2 id="links-waiting-heading">{t('popupLinksWaitingHeading')}</h2>
      <ul className="waiting-list">
        {mine.map((link) => (
          <li key={link.id}>
            <span className="mono">{link.url}</span>
            {link.notBefore > now ? (
              <span className="hint">{t('popupLinksWaitingTryAt', clock(link.notBefore))}</span>
            ) : (link.expectedAt ?? 0) > now ? (
              <span className="hint">{t('popupLinksWaitingAt', clock(link.expectedAt!))}</span>
            ) : link.expectedAt ? (
              <span className="hint">{t('popupLinksWaitingSoon')}</span>
            ) : null}
            <button type="button" aria-label={t('popupLinksWaitingCancelNamed', link.url)} onClick={() => void cancel(link.id)}>
              {t('popupLinksWaitingCancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
