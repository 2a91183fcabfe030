import { usePopup } from './PopupContext';
import { t } from '@/lib/i18n';
import { CLEANED_ID } from './ids';

/** The tracking parameters removed from the tab's address, and "Keep them" to shorten it as it was. */
export function CleanedNote() {
  const cleaned = usePopup((s) => s.cleaned);
  const keepParams = usePopup((s) => s.formActions.keepParams);
  const announce = usePopup((s) => s.formActions.announce);
  // Shown only when something was removed: the popup's one always-present status line stays the only other.
  if (!cleaned) return null;
  return (
    <div className="row cleaned-note">
      <p role="status" id={CLEANED_ID} className="hint">
        {t('popupCleanedNote', cleaned.removed.join(', '))}
      </p>
      <button
        type="button"
        aria-describedby={CLEANED_ID}
        onClick={() => {
          keepParams();
          announce(t('popupKeptParams'));
        }}
      >
        {t('popupKeepThem')}
      </button>
    </div>
  );
}
