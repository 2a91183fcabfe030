import { usePopup } from './PopupContext';
import { NotConnected } from './NotConnected';
import { ShortenForm } from './ShortenForm';
import { StatusLine } from './StatusLine';
import { ErrorAlert } from './ErrorAlert';
import { DuplicateOffer } from './DuplicateOffer';
import { ResultPanel } from './ResultPanel';
import { RecentLinks } from './RecentLinks';
import { ShortenManyButton } from './ShortenManyButton';
import './popup.css';
import { t } from '@/lib/i18n';

/** The whole popup: the form at once, then what happened, then Recent links. */
export function PopupScreen() {
  const connection = usePopup((s) => s.connection);
  return (
    <main className="popup">
      <h1 className="popup-title">{t('popupHeading')}</h1>
      {connection === 'disconnected' ? (
        <NotConnected />
      ) : (
        <>
          <ShortenForm />
          <ErrorAlert />
          <StatusLine />
          <DuplicateOffer />
          <ResultPanel />
          <RecentLinks />
          <ShortenManyButton />
        </>
      )}
    </main>
  );
}
