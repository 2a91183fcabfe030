// First: wakes the worker, which starts loading the lists while the page is set up and drawn.
import '@/lib/ui/options/wake';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/common/themeExtras.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import '@/components/options/options.css';
import App from './App';

localizePage('optionsPageTitle');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
