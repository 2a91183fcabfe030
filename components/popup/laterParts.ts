/**
 * The parts of the popup loaded after its first paint, in one chunk (one request, one import()
 * in the first script): those PopupScreen mounts after every first paint (each draws nothing
 * until it has something to say: failures, the result with its QR code, …) and the small notes
 * and buttons that show only in some states (not connected, a page that cannot be shortened,
 * removed parameters, a site rule, a link that waits and the links waiting; above the form, the
 * select "Account").
 * Recent links' items and the UTM fields keep chunks of their own.
 */
export { ErrorAlert } from './ErrorAlert';
export { ResultPanel } from './ResultPanel';
export { DuplicateOffer } from './DuplicateOffer';
export { Waiting } from './Waiting';
export { ShortenManyButton } from './ShortenManyButton';
export { PopupTop } from './PopupTop';
export { NotConnected } from './NotConnected';
export { PageAlert } from './PageAlert';
export { CleanedNote } from './CleanedNote';
export { RuleNote } from './RuleNote';
export { CancelWaiting } from './CancelWaiting';
export { PartFailed } from '@/components/common/PartFailed';
