/** The Recent links messages: the current account's history, deleting a link, emptying it. */
import { ApiError } from '@/lib/api';
import { connectionItem, type HistoryEntry } from '@/lib/storage';
import { connectionsItem } from '@/lib/storage/connections';
import { clearHistory, historyEntry, historyOf, removeFromHistory } from './history';
import { CHANGE_RETRY, withRetry } from './retry';
import type { Session, SessionHolder } from './session';

/** How many accounts of a service are saved here (the current one and the others). */
async function accountsOf(service: string): Promise<number> {
  const [current, others] = await Promise.all([connectionItem.getValue(), connectionsItem.getValue()]);
  return [...(current?.apiKey ? [current] : []), ...others].filter((c) => c.serviceUrl === service).length;
}

/** The history messages of the current connection. */
export function createRecentLinks(sessions: SessionHolder) {
  /** Recent links of the current account. */
  async function getHistory(): Promise<HistoryEntry[]> {
    const s = await sessions.get();
    return s && s.connection.apiKey ? historyOf(s.connection.serviceUrl, s.fingerprint) : [];
  }

  return {
    getHistory,

    /**
     * Removes a history entry, deleting the link on the service first when asked: only with the
     * session of the account that made it, the one it was found under (another account connected
     * meanwhile never receives the delete); an entry kept without its account is deleted there
     * only when its service has one account saved here.
     */
    async deleteHistoryEntry(data: { id: string; remote: boolean }): Promise<HistoryEntry[]> {
      const current: Session | null = await sessions.get();
      // The entry as the current account lists it, else (Undo in a notification after a switch) as
      // its own account made it: the delete goes with that account's session, read once.
      const listed = current?.connection.apiKey
        ? (await historyOf(current.connection.serviceUrl, current.fingerprint)).find((e) => e.id === data?.id)
        : undefined;
      const other = listed ? undefined : await historyEntry(String(data?.id));
      const entry = listed ?? (other?.account ? other : undefined);
      const s = listed ? current : entry?.account ? await sessions.forAccount(entry.account) : null;
      if (!s || !entry) throw new ApiError({ kind: 'not-found', reason: 'history-gone', message: 'No such history entry.' });
      if (data.remote) {
        if (entry.linkId === null)
          throw new ApiError({ kind: 'invalid-input', field: 'linkId', reason: 'link-id-unknown', message: 'The link id is unknown.' });
        if (entry.account === undefined && (await accountsOf(entry.service)) > 1)
          throw new ApiError({
            kind: 'invalid-input',
            field: 'account',
            reason: 'account-unknown',
            message: 'The account of this link is unknown.',
          });
        const linkId = entry.linkId;
        await withRetry(() => s.client.interactive.deleteLink(linkId), { policy: CHANGE_RETRY });
      }
      await removeFromHistory(data.id);
      return getHistory();
    },

    /** Empties the history (of every account: it is this browser's). */
    async clearHistory(): Promise<HistoryEntry[]> {
      await clearHistory();
      return [];
    },
  };
}
