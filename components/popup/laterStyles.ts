/**
 * The styles of the popup's parts loaded after its first render, added to the page when this
 * module is first evaluated (with the first such part: lazyPart.ts), so they are not in the
 * popup's first script.
 */
import css from './popupLater.css?inline';
import { addStyles } from '@/lib/ui/popup/pageStyles';

addStyles(css);
