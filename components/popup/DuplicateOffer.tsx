import { useEffect, useRef } from 'react';
import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { richText } from '@/components/common/rich';

/** Offers the link made earlier for the same page and domain before making another one. */
export function DuplicateOffer() {
  const duplicate = usePopup((s) => s.duplicate);
  const reuseExisting = usePopup((s) => s.formActions.reuseExisting);
  const createAnyway = usePopup((s) => s.formActions.createAnyway);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (duplicate) first.current?.focus();
  }, [duplicate]);
  if (!duplicate) return null;
  return (
    <div className="notice" role="group" aria-labelledby="duplicate-text">
      <p id="duplicate-text">{richText('popupDuplicateText', <span className="mono">{duplicate.shortUrl}</span>)}</p>
      <div className="row">
        <button type="button" ref={first} className="primary" onClick={() => void reuseExisting()}>
          {t('popupUseExisting')}
        </button>
        <button type="button" onClick={() => void createAnyway()}>
          {t('popupCreateAnyway')}
        </button>
      </div>
    </div>
  );
}
