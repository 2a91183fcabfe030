/**
 * The account and its lists, cache first, and the changes the options page makes to them:
 * each change refreshes the list it touched before answering, so the page shows the result.
 */
import { ApiError, fetchAllPages, LIST_METHODS, type Account, type ApiClient, type ListName } from '@/lib/api';
import { checkShownAccount } from './shownAccount';
import type {
  Cached,
  ListArriving,
  ListArrivingMessage,
  ListItems,
  MutationAnswer,
  MutationName,
  MutationOf,
  ShownAccount,
} from '@/lib/messaging';
import { browser } from '@wxt-dev/browser';
import { CHANGE_RETRY, withRetry } from './retry';
import type { Session, SessionHolder } from './session';

type Priority = 'interactive' | 'background';

/** The lists each page shows: the popup's form, and the options page (every list, in the order it asks). */
const PAGE_LISTS: Record<'popup' | 'options', readonly ListName[]> = {
  popup: ['domains', 'campaigns', 'channels'],
  options: ['channels', 'pixels', 'domains', 'campaigns', 'qrs', 'overlays', 'splash'],
};

/** Which list each mutation changes: refreshed after it. */
export const TOUCHES: Record<MutationName, ListName | 'account' | null> = {
  updateAccount: 'account',
  addDomain: 'domains',
  updateDomain: 'domains',
  deleteDomain: 'domains',
  addCampaign: 'campaigns',
  updateCampaign: 'campaigns',
  deleteCampaign: 'campaigns',
  assignCampaignLink: null,
  addChannel: 'channels',
  updateChannel: 'channels',
  deleteChannel: 'channels',
  assignChannelItem: null,
  addPixel: 'pixels',
  updatePixel: 'pixels',
  deletePixel: 'pixels',
  addQr: 'qrs',
  updateQr: 'qrs',
  deleteQr: 'qrs',
};

/** How the pages of a list go together: as many as the gate's room, looked at again whenever the gate turns. */
const pagesTogether = (s: Session) => ({ room: () => s.gate.room('main'), whenRoom: () => s.gate.freed() });

/** The beginning of each list still arriving, by session: told again to a page that asks for it meanwhile (it opened after the news). */
const arrivingNow = new WeakMap<Session, Map<ListName, ListArriving>>();

/** Tells the pages what has come of a list still arriving; none listening is no failure. */
function tellArriving(news: ListArriving): void {
  const message: ListArrivingMessage = { listArriving: news };
  browser.runtime.sendMessage(message).catch(() => undefined);
}

/** Loads every page of a list (the cache calls it when it needs the list; site rules check their choices with it). */
export const loadList = (s: Session, name: ListName) => (priority: Priority) => {
  const method = s.client[priority][LIST_METHODS[name]] as ApiClient['listDomains'];
  // After the first page, the others go together as far as the budget leaves room for a press. A
  // page waits for a list loaded interactively: its beginning is told as it comes.
  const arriving =
    priority === 'interactive'
      ? {
          onItems: (items: unknown[], total: number | null) => {
            // The first page only: the page lists 50 at a time, and each later beginning would be
            // copied to every page and drawn again (up to 900 campaigns, eight times) for a count.
            if (arrivingNow.get(s)?.has(name)) return;
            const news = { name, account: s.fingerprint, items: items as never, total };
            arrivingNow.set(s, (arrivingNow.get(s) ?? new Map()).set(name, news));
            tellArriving(news);
          },
        }
      : {};
  return withRetry(() => fetchAllPages((paging) => method(paging), { ...pagesTogether(s), ...arriving })).finally(() =>
    arrivingNow.get(s)?.delete(name),
  );
};

/** Loads the account; its plan sets the rate budgets until the server tells its own figures. */
const loadAccount =
  (s: Session) =>
  async (priority: Priority): Promise<Account> => {
    const account = await withRetry(() => s.client[priority].getAccount());
    s.gate.budgets.plan = account.status;
    return account;
  };

/** The account and lists messages of the current connection. */
export function createLists(sessions: SessionHolder) {
  return {
    /** The account, cache first. */
    async getAccount(data: { refresh?: boolean }): Promise<Cached<Account>> {
      const s = await sessions.require();
      const res = await s.cache.get('account', loadAccount(s), data);
      s.gate.budgets.plan = res.value.status;
      return res;
    },

    /** Every item of a list, cache first. */
    async getList<N extends ListName>(data: { name: N; refresh?: boolean }): Promise<Cached<ListItems[N][]>> {
      if (!Object.hasOwn(LIST_METHODS, data.name))
        throw new ApiError({ kind: 'invalid-input', field: 'name', message: 'name is not valid' });
      const s = await sessions.require();
      const news = data.refresh ? undefined : arrivingNow.get(s)?.get(data.name);
      if (news) tellArriving(news); // the page asking may have opened after it was told
      return s.cache.get(data.name, loadList(s, data.name), data) as Promise<Cached<ListItems[N][]>>;
    },

    /**
     * A popup or the options page opened: what it shows (the account and its lists) starts loading
     * now when the cache lacks it (a stale value is refreshed in the background, a fresh one sends
     * nothing); the page's messages then share these loads.
     */
    async warm(page: 'popup' | 'options'): Promise<void> {
      const s = await sessions.get();
      if (!s?.connection.apiKey) return;
      void s.cache.get('account', loadAccount(s)).catch(() => undefined);
      for (const name of PAGE_LISTS[page]) void s.cache.get(name, loadList(s, name)).catch(() => undefined);
    },

    /** Every item of one channel. */
    async getChannelItems(data: { channelId: number }) {
      const s = await sessions.require();
      return withRetry(() => fetchAllPages((p) => s.client.interactive.listChannelItems(data.channelId, p), pagesTogether(s)));
    },

    /** One QR code with its statistics. */
    async getQr(data: { id: number }) {
      const s = await sessions.require();
      return withRetry(() => s.client.interactive.getQr(data.id));
    },

    /** Runs a mutation, then refreshes the list it touched before answering. */
    async mutate<K extends MutationName>(m: MutationOf<K> & ShownAccount): Promise<MutationAnswer<K>> {
      if (!m || typeof m !== 'object' || !Object.hasOwn(TOUCHES, m.op) || !Array.isArray(m.args))
        throw new ApiError({ kind: 'invalid-input', field: 'op', message: 'op is not valid' });
      const s = await sessions.require();
      checkShownAccount(s, m.account);
      // The client's method named by the page (checked against TOUCHES above), with the page's arguments.
      const fn = s.client.interactive[m.op] as unknown as (...a: unknown[]) => Promise<MutationAnswer<K>>;
      const result = await withRetry(() => fn(...m.args), { policy: CHANGE_RETRY });
      const touched = TOUCHES[m.op];
      const fresh = { fresh: true };
      if (touched === 'account') await s.cache.load('account', loadAccount(s), 'interactive', fresh).catch(() => undefined);
      else if (touched) await s.cache.load(touched, loadList(s, touched), 'interactive', fresh).catch(() => undefined);
      return result;
    },

    /** When a change asked now would be sent: now, or when the spent main rate budget refills (null: not connected). */
    async changeSendAt(): Promise<number | null> {
      const s = await sessions.get();
      return s ? s.gate.budgets.estimateSendAt('main', 0) : null;
    },

    /** Empties the cache of the current account. */
    async clearCache(): Promise<true> {
      const s = await sessions.get();
      await s?.cache.clear();
      return true;
    },
  };
}
