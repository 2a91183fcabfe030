import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import { localizePage } from '@/lib/ui/pageLanguage';
import App from './App';

localizePage('extName');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
