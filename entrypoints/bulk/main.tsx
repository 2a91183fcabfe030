import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/common/themeExtras.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { createBulkStore } from '@/lib/ui/bulk/store';
import App from './App';

localizePage('bulkHeading');

// Opened by the popup's "Shorten many…" as bulk.html?window=<id of the popup's window>.
const store = createBulkStore(location.search);
void store.getState().init();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
