import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { useBulk } from './BulkContext';

/** The field "Addresses", the button "Use this window's tabs", and what the text gives. */
export function AddressesField({ disabled }: { disabled: boolean }) {
  const text = useBulk((s) => s.form.text);
  const preview = useBulk((s) => s.preview);
  const setText = useBulk((s) => s.setText);
  const takeWindowTabs = useBulk((s) => s.takeWindowTabs);
  const summary = [
    t('bulkFound', preview.addresses.length),
    preview.repeats > 0 ? tCount({ one: 'bulkRepeatsOne', other: 'bulkRepeatsMany' }, preview.repeats) : null,
    preview.skipped.length > 0 ? tCount({ one: 'bulkSkippedCountOne', other: 'bulkSkippedCountMany' }, preview.skipped.length) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="bulk-input">
      <div className="field">
        <label htmlFor="bulk-addresses">{t('bulkAddressesLabel')}</label>
        <textarea
          id="bulk-addresses"
          rows={10}
          value={text}
          disabled={disabled}
          spellCheck={false}
          // The browser keeps no copy of the addresses to restore with the tab (a private window's too).
          autoComplete="off"
          aria-describedby="bulk-addresses-help bulk-addresses-summary"
          placeholder="https://example.com/news"
          // The page opens to paste into: the keyboard starts here, not on the page's body.
          autoFocus
          onChange={(e) => setText(e.target.value)}
        />
        <p id="bulk-addresses-help" className="muted">
          {t('bulkAddressesHelp')}
        </p>
      </div>
      <div className="row">
        <button type="button" disabled={disabled} onClick={() => void takeWindowTabs()}>
          {t('bulkUseTabs')}
        </button>
        <span id="bulk-addresses-summary" className="muted">
          {text.trim() ? summary : ''}
        </span>
      </div>
      {preview.skipped.length > 0 && (
        <details className="bulk-skipped">
          <summary>{t('bulkSkippedHeading', preview.skipped.length)}</summary>
          <ul>
            {preview.skipped.map((s, i) => (
              <li key={i}>
                <code>{s.text}</code> — {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {preview.trimmed.length > 0 && (
        <details className="bulk-skipped">
          <summary>{tCount({ one: 'bulkTrimmedHeadingOne', other: 'bulkTrimmedHeadingMany' }, preview.trimmed.length)}</summary>
          <ul>
            {preview.trimmed.map((s, i) => (
              <li key={i}>
                <code>{s.url}</code> — {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
