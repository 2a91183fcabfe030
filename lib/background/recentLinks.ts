/** The Recent links messages: the current account's history, deleting a link, emptying it. */
import { ApiError } from '../api';
import type { HistoryEntry } from '../storage';
import { clearHistory, historyOf, removeFromHistory } from './history';
import { CHANGE_RETRY, withRetry } from './retry';
import type { SessionHolder } from './session';

/** The history messages of the current connection. */
export function createRecentLinks(sessions: SessionHolder) {
  /** Recent links of the current account. */
  async function getHistory(): Promise<HistoryEntry[]> {
    const s = await sessions.get();
    return s && s.connection.apiKey ? historyOf(s.connection.serviceUrl, s.fingerprint) : [];
  }

  return {
    getHistory,

    /** Removes a history entry, deleting the link on the service first when asked. */
    async deleteHistoryEntry(data: { id: string; remote: boolean }): Promise<HistoryEntry[]> {
      const entry = (await getHistory()).find((e) => e.id === data.id);
      if (!entry) throw new ApiError({ kind: 'not-found', reason: 'history-gone', message: 'No such history entry.' });
      if (data.remote) {
        if (entry.linkId === null)
          throw new ApiError({ kind: 'invalid-input', field: 'linkId', reason: 'link-id-unknown', message: 'The link id is unknown.' });
        const s = await sessions.require();
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
