/**
 * The two reads the popup's first render waits for: the storage items of its snapshot (never the
 * item that holds the API key) and the page the popup acts on; and a third, Recent links' stored
 * head, drawn right after the first paint. The popup's script starts them before anything else it
 * evaluates (entrypoints/popup/firstReads.ts), so that React and the popup's modules are set up
 * while the browser answers them.
 */
import { browser } from '@wxt-dev/browser';
import { readSnapshotItems, type StoredItem } from './snapshot';

/** The page the popup acts on. */
export interface PopupPage {
  url: string | null;
  title: string | null;
  /** The popup's window is private (incognito): the tab says so in Chrome and Firefox alike. */
  incognito: boolean;
}

/** The reads, under way. */
export interface FirstReads {
  items: Promise<Record<string, unknown>>;
  page: Promise<PopupPage>;
  /** Recent links' stored head, as storage gives it (asked after the others: never before them). */
  head: Promise<unknown>;
}

const HEAD = 'recentHead' satisfies StoredItem;

/**
 * The stored head of Recent links as storage gives it (lib/storage/recentHead.ts names the item):
 * one small read.
 */
export const readHead = (): Promise<unknown> => browser.storage.local.get(HEAD).then((r) => r[HEAD]);

/** The page the popup acts on; `popup.html?url=…&title=…` names it (the popup opened as a tab). */
async function readPage(): Promise<PopupPage> {
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const given = params.get('url');
  // As a tab the popup is an extension page, which a private window does not hold (spanning mode).
  if (given) return { url: given, title: params.get('title'), incognito: false };
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  // The popup shown as a page of its own (Firefox for Android) is the active tab itself: it knows
  // no other page, and says so (the address is not available here), not "a page of an extension".
  const own = !!tab?.url && tab.url === globalThis.location?.href;
  return { url: (!own && tab?.url) || null, title: (!own && tab?.title) || null, incognito: tab?.incognito === true };
}

/** A call that may also throw at once (an API missing or refusing its arguments) as a promise. */
function settle<T>(start: () => Promise<T>): Promise<T> {
  try {
    return start();
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * Starts the reads. They run while the popup's script is evaluated, so none may throw: a
 * failure reaches whoever takes them (the popup then draws its form without the cache, Recent
 * links wait for the worker), and never counts as an unhandled rejection meanwhile.
 */
export function startFirstReads(): FirstReads {
  const reads = { items: settle(readSnapshotItems), page: settle(readPage), head: settle(readHead) };
  for (const read of Object.values(reads)) read.catch(() => undefined);
  return reads;
}
