import { Fragment, type MouseEvent } from 'react';
import { useOptions } from './OptionsContext';
import { Section } from './Section';
import { shownSections } from './optionsSections';
import type { RequestPermission } from './ConnectionSection';
import { AskedStorageNotice } from '@/components/common/StorageNotice';
import { askStorageNotices } from '@/lib/ui/storageNotices';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';

/** A section link moves the keyboard to the section's heading (a screen reader says where it went; the next Tab starts there), not only the view. */
function focusHeading(e: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(`${id}-heading`);
  if (!heading) return;
  // The browser's own jump to #id would leave the focus on the body (after any focus given here).
  e.preventDefault();
  history.pushState(null, '', `#${id}`);
  heading.closest('section')?.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/** Connection first, then the account's resources (when connected) and the preferences; a navigation to each. */
export function OptionsScreen({ requestPermission }: { requestPermission: RequestPermission }) {
  const ready = useOptions((s) => s.ready);
  const startError = useOptions((s) => s.startError);
  const connected = useOptions((s) => !!s.connection?.connected);
  // Another connection starts a clean page: every section but Connection and Connections is made anew.
  const epoch = useOptions((s) => s.epoch);
  // Connections shows once one is saved, to say that they could not be listed, or what became of the last one forgotten.
  const saved = useOptions(({ connections: c }) => (c.value?.length ?? 0) > 0 || c.error !== null || !!c.forgotten);
  const sections = shownSections(connected, saved);

  return (
    <div className="options-layout">
      <nav className="options-nav" aria-label={t('optionsNavLabel')}>
        <ul>
          {sections.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} onClick={(e) => focusHeading(e, id)}>
                {t(title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="options-main">
        <h1>{t('optionsPageTitle')}</h1>
        {!ready ? (
          <p className="muted">{t('commonLoading')}</p>
        ) : (
          <>
            {startError && <p role="alert">{errorSentence(startError, 'options')}</p>}
            <AskedStorageNotice load={askStorageNotices} />
            {sections.map(({ id, title, Body, acrossAccounts }) => (
              <Fragment key={acrossAccounts ? id : `${id}-${epoch}`}>
                <Section id={id} title={t(title)}>
                  <Body requestPermission={requestPermission} />
                </Section>
                {id === 'connection' && !connected && <p className="hint">{t('optionsNotConnectedHint')}</p>}
              </Fragment>
            ))}
          </>
        )}
      </main>
    </div>
  );
}
