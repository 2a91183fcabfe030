// First: the reads the first render waits for start before React and the popup's modules are evaluated.
import { firstReads } from './firstReads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { createPopupStore } from '@/lib/ui/popupStore';
import App from './App';

localizePage('extName');

// One storage read (and the tab's address) before the first render, so that the form is drawn
// once, filled; the worker is asked only afterwards, for what storage did not answer. The root
// is made while the reads are answered.
const store = createPopupStore();
const root = createRoot(document.getElementById('root')!);
void store
  .getState()
  .prime(firstReads)
  .finally(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
