import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/common/themeExtras.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { createBulkStore } from '@/lib/ui/bulk/store';
import { keepFocus } from '@/lib/ui/focusKeeper';
import App from './App';

localizePage('bulkHeading');

// Opened by the popup's "Shorten many…" as bulk.html?window=<id of the popup's window>.
const store = createBulkStore(location.search);
void store.getState().init();

const root = document.getElementById('root')!;
// A control that goes away under the focus ("Cancel" once the run ends) or is disabled while the
// run goes on ("Shorten all") leaves the keyboard's place nearby, not on the page's body.
keepFocus(root);

createRoot(root).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
