/** The options page's ear for the worker's news of long lists still arriving (runtime messages). */
import { browser } from 'wxt/browser';
import { isListArriving, type ListArriving } from '@/lib/messaging';

/** Hears each list the worker tells of while it arrives; returns the stop. Answers nothing (other listeners answer their own). */
export function watchListsArriving(onArriving: (list: ListArriving) => void): () => void {
  const listener = (message: unknown) => {
    if (isListArriving(message)) onArriving(message.listArriving);
    return undefined;
  };
  const event = browser.runtime?.onMessage;
  if (!event) return () => undefined; // a page without the extension's messaging (a test's): nothing to hear
  event.addListener(listener);
  return () => event.removeListener(listener);
}
