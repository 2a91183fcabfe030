import { useEffect, useRef } from 'react';
import { checkField, checkUrl } from '@/lib/links/address';
import { fieldOf } from '@/lib/ui/popup/data';
import { usePopup } from './PopupContext';
import { laterPart } from './laterPartsLoad';
import { CampaignSelect, ChannelSelect, DomainSelect } from './ChoiceSelects';
import { AliasField } from './AliasField';
import { UtmDisclosure } from './UtmDisclosure';
import { afterFirstPaint } from './useAfterFirstPaint';
import { CLEANED_ID, ERROR_ID, PAGE_ALERT_ID } from './ids';
import { t } from '@/lib/i18n';

// Shown only on a page that cannot be shortened (a browser or store page): its own small chunk.
const PageAlert = laterPart('PageAlert');
// Shown only once the tab's address was cleaned, which happens after the first render anyway.
const CleanedNote = laterPart('CleanedNote');
// Shown only when a site rule matches the page, which is known after the first render.
const RuleNote = laterPart('RuleNote');

/** The shorten form: Long URL, Domain, Campaign, Custom alias and "Shorten" (Enter submits). */
export function ShortenForm() {
  const url = usePopup((s) => s.form.url);
  const urlEdited = usePopup((s) => s.form.urlEdited);
  const tabUrl = usePopup((s) => s.tabUrl);
  const busy = usePopup((s) => s.busy);
  const cleaned = usePopup((s) => s.cleaned !== null);
  const ruled = usePopup((s) => s.rule !== null);
  const error = usePopup((s) => s.error);
  const setUrl = usePopup((s) => s.setUrl);
  const submit = usePopup((s) => s.formActions.submit);
  const input = useRef<HTMLInputElement>(null);

  const verdict = checkField(url, tabUrl);
  const field = fieldOf(error);
  const page = checkUrl(tabUrl);
  const tabBlocked = page.kind === 'blocked';
  // The tab's own page has its alert (PageAlert); an address typed or pasted gets a hint.
  const noTab = verdict.kind === 'empty' && !tabUrl;
  const hint =
    verdict.kind === 'invalid' && url.trim()
      ? verdict.message
      : verdict.kind === 'blocked' && !tabBlocked
        ? t('popupUrlHintBlocked')
        : noTab
          ? t('popupUrlHintNoTab')
          : null;
  const pageBlocked = verdict.kind === 'blocked' && tabBlocked;

  // Focus the field right after the first paint (focusing lays the page out: in the first
  // render's task it would hold back the form's drawing); select the page's address so Enter
  // shortens it and a paste replaces it.
  const selectable = useRef(false);
  selectable.current = !urlEdited && !!tabUrl;
  useEffect(() => {
    return afterFirstPaint(() => {
      input.current?.focus();
      if (selectable.current) input.current?.select();
    });
  }, []);
  useEffect(() => {
    if (selectable.current && document.activeElement === input.current) input.current?.select();
  }, [tabUrl, urlEdited]);

  const describedBy = [
    pageBlocked ? PAGE_ALERT_ID : null,
    hint ? 'url-hint' : null,
    cleaned ? CLEANED_ID : null,
    field === 'url' ? ERROR_ID : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className="shorten-form"
      aria-label={t('popupHeading')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {page.kind === 'blocked' && verdict.kind !== 'ok' && <PageAlert page={page} />}
      <div className="field">
        <label htmlFor="long-url">{t('popupLongUrlLabel')}</label>
        <input
          id="long-url"
          ref={input}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={pageBlocked || (!!hint && verdict.kind !== 'empty') || field === 'url' || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {hint && (
          // The tab's address could not be read: said as a status, as nothing else on screen says it.
          <p id="url-hint" className="hint" role={noTab ? 'status' : undefined}>
            {hint}
          </p>
        )}
        {cleaned && <CleanedNote />}
      </div>
      <div className="row two">
        <DomainSelect invalid={field === 'domain'} />
        <CampaignSelect />
      </div>
      <div className="row two">
        <ChannelSelect />
        <AliasField invalid={field === 'alias'} errorId={ERROR_ID} />
      </div>
      {ruled && <RuleNote />}
      <UtmDisclosure />
      <div className="row actions">
        <button type="submit" className="primary" disabled={verdict.kind !== 'ok' || busy} aria-busy={busy || undefined}>
          {t('popupShorten')}
        </button>
        {busy && (
          <span className="muted" aria-hidden="true">
            {t('popupWorking')}
          </span>
        )}
      </div>
    </form>
  );
}
