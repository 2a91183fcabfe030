/**
 * The worker's news of a long list still arriving: the beginning of it that has come, told to the
 * pages waiting for it (the options page draws it first page first, the rest as it comes).
 */
import type { ListName } from '@/lib/api';
import type { ListItems } from './lists';

/** The beginning of one list of one account, while its other pages are on the way. */
export interface ListArriving<N extends ListName = ListName> {
  name: N;
  /** The account it is of (its fingerprint): a page showing another one ignores it. */
  account: string;
  items: ListItems[N][];
  /** How many the service said there are, if it said. */
  total: number | null;
}

/** The message that carries it (a runtime message from the worker to its pages). */
export interface ListArrivingMessage {
  listArriving: ListArriving;
}

/** Whether a runtime message is a list arriving (pages hear other messages too). */
export function isListArriving(message: unknown): message is ListArrivingMessage {
  const m = (message as Partial<ListArrivingMessage> | null)?.listArriving;
  return !!m && typeof m === 'object' && typeof m.name === 'string' && typeof m.account === 'string' && Array.isArray(m.items);
}
