import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/common/themeExtras.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { QrPage } from '@/components/qr/QrPage';
import { ask } from '@/lib/messaging';
import { PartBoundary } from '@/components/common/PartBoundary';
import { PartFailed } from '@/components/common/PartFailed';

localizePage('qrHeading');

// Opened by the context menu item "QR code for this page" as qr.html?url=<encoded page url>, or for a
// private tab as qr.html?id=<opaque id> (the worker keeps that address in session storage).
const load = (id: string) => ask('qrPageAddress', { id });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PartBoundary Fallback={PartFailed}>
      <QrPage search={location.search} load={load} />
    </PartBoundary>
  </StrictMode>,
);
