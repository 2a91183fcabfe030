import { Fragment, useEffect, useState } from 'react';
import { OptionsStoreProvider, useOptions } from '@/components/options/OptionsContext';
import { Section } from '@/components/options/Section';
import { shownSections } from '@/components/options/optionsSections';
import type { RequestPermission } from '@/components/options/ConnectionSection';
import { requestHostPermission } from '@/lib/ui/options/permissions';
import { createOptionsStore, type OptionsStore } from '@/lib/ui/options/store';
import { AskedStorageNotice } from '@/components/common/StorageNotice';
import { askStorageNotices } from '@/lib/ui/storageNotices';
import { errorSentence } from '@/lib/errorText';
import { t } from '@/lib/i18n';

/** The options page: creates its store, starts it, and shows the sections. */
export default function App({ store, requestPermission = requestHostPermission }: { store?: OptionsStore; requestPermission?: RequestPermission }) {
  const [options] = useState(() => store ?? createOptionsStore());
  useEffect(() => {
    void options.getState().start();
    return () => options.getState().dispose();
  }, [options]);
  return (
    <OptionsStoreProvider store={options}>
      <OptionsPage requestPermission={requestPermission} />
    </OptionsStoreProvider>
  );
}

/** Connection first, then the account's resources (when connected) and the preferences; a navigation to each. */
function OptionsPage({ requestPermission }: { requestPermission: RequestPermission }) {
  const ready = useOptions((s) => s.ready);
  const startError = useOptions((s) => s.startError);
  const connected = useOptions((s) => !!s.connection?.connected);
  // Another connection starts a clean page: every section but the connection's is made anew.
  const epoch = useOptions((s) => s.epoch);
  const sections = shownSections(connected);

  return (
    <div className="options-layout">
      <nav className="options-nav" aria-label={t('optionsNavLabel')}>
        <ul>
          {sections.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`}>{t(title)}</a>
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
            {sections.map(({ id, title, Body }) => (
              <Fragment key={id === 'connection' ? id : `${id}-${epoch}`}>
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
