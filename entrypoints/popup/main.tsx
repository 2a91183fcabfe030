import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { createPopupStore } from '@/lib/ui/popupStore';
import App from './App';

localizePage('extName');

// Ask the worker before React's first render: the answers arrive while the page is drawn.
const store = createPopupStore();
void store.getState().init();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
