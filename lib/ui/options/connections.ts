/**
 * The options page's saved connections ("Connections"): listed by the worker (key-free), added,
 * made current, renamed and forgotten through it. When the current account changes, the store
 * shows the new one as after a save (`enter`: a clean page, its account, lists and choices).
 */
import type { Account, SerializedApiError } from '@/lib/api';
import type { ask as askWorker, ConnectionInfo, ConnectionSummary } from '@/lib/messaging';
import type { LoadState } from '@/lib/ui/store';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

/** The saved connections as the page knows them: `value` is null until the first answer. */
export interface ConnectionsState {
  state: LoadState;
  value: ConnectionSummary[] | null;
  error: SerializedApiError | null;
  /** A connection was forgotten on this page: the section stays to say so, even with none left. */
  forgotten?: boolean;
}

export interface ConnectionsActions {
  loadConnections(): Promise<void>;
  /** Verifies and adds a connection, which becomes the current one (the host permission was asked before); resolves with the name it is shown by. Rejects with the error data. */
  addConnection(name: string, serviceUrl: string, apiKey: string): Promise<string>;
  /** Makes a saved connection the current one; the page then shows its account. */
  switchConnection(fingerprint: string): Promise<void>;
  /** Names a saved connection; resolves with the name it is shown by ('' shows its service's host). */
  renameConnection(fingerprint: string, name: string): Promise<string>;
  /** Forgets a saved connection; resolves with how many of its waiting links ended unmade. */
  forgetConnection(fingerprint: string): Promise<number>;
}

/** No connection listed yet. */
export const idleConnections = (): ConnectionsState => ({ state: 'idle', value: null, error: null });

/** What the slice needs of the store. */
export interface ConnectionsHost {
  ask: typeof askWorker;
  get(): { connections: ConnectionsState };
  set(p: { connections: ConnectionsState } | { connection: ConnectionInfo }): void;
  /** Shows the current account anew, as after a save (`account` when already read). */
  enter(connection: ConnectionInfo, account?: Account): void;
}

/** The slice of the options store. */
export function connectionsSlice(host: ConnectionsHost): ConnectionsActions {
  const { ask } = host;
  // An answer older than the last change is not shown.
  let seq = 0;
  const ready = (value: ConnectionSummary[], forgotten = host.get().connections.forgotten) => {
    seq++;
    // The current one first, whichever answer it came in.
    host.set({
      connections: { state: 'ready', value: [...value].sort((a, b) => Number(b.current) - Number(a.current)), error: null, forgotten },
    });
  };
  const isCurrent = (fingerprint: string) => !!host.get().connections.value?.some((c) => c.fingerprint === fingerprint && c.current);

  async function loadConnections() {
    const mine = ++seq;
    host.set({ connections: { ...host.get().connections, state: 'loading', error: null } });
    try {
      const value = await ask('listConnections');
      if (mine === seq) ready(value);
    } catch (err) {
      if (mine === seq)
        host.set({
          connections: { ...host.get().connections, state: 'error', error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() },
        });
    }
  }

  return {
    loadConnections,

    async addConnection(name, serviceUrl, apiKey) {
      const res = await ask('addConnection', { name, serviceUrl, apiKey });
      ready(res.connections);
      host.enter(await ask('getConnection'), res.account);
      return res.connections.find((c) => c.current)?.name ?? name;
    },

    async switchConnection(fingerprint) {
      const connection = await ask('switchConnection', { fingerprint });
      host.enter(connection);
      await loadConnections();
    },

    async renameConnection(fingerprint, name) {
      const value = await ask('renameConnection', { fingerprint, name });
      ready(value);
      // The current one's name shows in "Connection" too; its account stays on the page.
      const renamed = value.find((c) => c.fingerprint === fingerprint);
      if (renamed?.current) host.set({ connection: await ask('getConnection') });
      return renamed?.name ?? name;
    },

    async forgetConnection(fingerprint) {
      const wasCurrent = isCurrent(fingerprint);
      const res = await ask('forgetConnection', { fingerprint });
      ready(res.connections, true);
      if (wasCurrent) host.enter(await ask('getConnection'));
      return res.ended;
    },
  };
}
