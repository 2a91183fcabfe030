// First: the reads the first render waits for start before React and the popup's modules are evaluated.
import { firstReads } from './firstReads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import theme from '@/components/common/theme.css?inline';
import popupStyles from '@/components/popup/popup.css?inline';
import { addStyles } from '@/lib/ui/popup/pageStyles';
import { localizePage } from '@/lib/ui/pageLanguage';
import { createPopupStore } from '@/lib/ui/popup/store';
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
    // Rendered in the answer's own task (flushSync), not in one React's scheduler would post,
    // before which the browser may run other work.
    // StrictMode's checks run only in development: a production build does without its wrapper.
    const app = <App store={store} />;
    flushSync(() => root.render(import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app));
  });

// The stylesheet comes with the script, added last: popup.html stays a few hundred bytes, and a
// <style> added by a script keeps the page's load event (and the browser's style, layout and
// paint of a still empty page at that event) until after the form's first render, which the
// browser then lays out and paints once.
addStyles(theme + popupStyles);
