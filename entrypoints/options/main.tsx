import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/common/themeExtras.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import { keepFocus } from '@/lib/ui/focusKeeper';
import '@/components/options/options.css';
import App from './App';

localizePage('optionsPageTitle');

const root = document.getElementById('root')!;
// A confirmed delete or a form that goes away leaves the keyboard where it was, not at the top.
keepFocus(root);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
