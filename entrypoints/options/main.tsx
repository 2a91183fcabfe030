import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/common/theme.css';
import '@/components/options/options.css';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
