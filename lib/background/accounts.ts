/**
 * Several connections (accounts): list, add (verified), switch, rename, forget. The current one
 * stays in `connection`; the others in `connections`, each with what it keeps while another is
 * current (its cache and remembered choices, `parkedAccounts`). A switch swaps them in one
 * storage write, so a page never reads one account's cache beside another's connection state.
 */
import { ApiError, type Account } from '@/lib/api';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import type { ConnectionInfo, ConnectionSummary } from '@/lib/messaging';
import {
  ACCOUNT_SETTINGS,
  budgetsItem,
  cacheItem,
  connectionItem,
  connectionStateItem,
  settingsItem,
  writeTogether,
  type Connection,
  type Settings,
} from '@/lib/storage';
import {
  connectionsItem,
  parkedAccountsItem,
  type AccountChoices,
  type ParkedAccount,
  type SavedConnection,
} from '@/lib/storage/connections';
import { checkConnectionName, checkKey, checkReachable, checkServiceUrlFor, connectionInfo } from './connection';
import { connectionName, connectionStateOf, publishConnectionState } from './connectionState';
import { fingerprintOf } from './fingerprint';
import type { JobQueue } from './jobs';
import { keyHint } from './keyHint';
import { applyPolicy, currentPolicy } from './policy';
import { oneConnectionChange } from './connectionChanges';
import { budgetsAlone, type SessionHolder } from './session';

export interface AccountsDeps {
  sessions: SessionHolder;
  jobs: JobQueue;
  hasHostPermission: (origin: string) => Promise<boolean>;
  notify: (title: string, message: string) => Promise<void>;
  /** Forgets the current connection's key (connection.ts): forgetting the only connection does that. */
  forgetKey: () => Promise<ConnectionInfo>;
}

/** The choices of one account, as the preferences hold them. */
const choicesOf = (s: Settings): AccountChoices => Object.fromEntries(ACCOUNT_SETTINGS.map((k) => [k, s[k]]));

/** The connection's messages for several accounts. */
export function createAccounts({ sessions, jobs, hasHostPermission, notify, forgetKey }: AccountsDeps) {
  // One change of connections at a time: two switches never interleave their swaps (nor a save of the preferences).
  const change = oneConnectionChange;

  /** Every saved connection with its fingerprint, the current one first. */
  async function saved(): Promise<{ current: Connection | null; currentFp: string | null; others: SavedConnection[]; otherFps: string[] }> {
    const [current, others] = await Promise.all([connectionItem.getValue(), connectionsItem.getValue()]);
    const currentFp = current?.apiKey ? await fingerprintOf(current.serviceUrl, current.apiKey) : null;
    const otherFps = await Promise.all(others.map((c) => fingerprintOf(c.serviceUrl, c.apiKey)));
    return { current, currentFp, others, otherFps };
  }

  /** The list as pages see it: names, services, masked keys and the links each still has waiting. */
  async function summaries(): Promise<ConnectionSummary[]> {
    const { current, currentFp, others, otherFps } = await saved();
    const waiting = new Map<string, number>();
    for (const j of await jobs.unsettled()) if (!j.shortened) waiting.set(j.fingerprint, (waiting.get(j.fingerprint) ?? 0) + 1);
    const one = (c: Connection, fingerprint: string, isCurrent: boolean): ConnectionSummary => ({
      fingerprint,
      name: connectionName(c),
      serviceUrl: c.serviceUrl,
      keyHint: keyHint(c.apiKey),
      current: isCurrent,
      waiting: waiting.get(fingerprint) ?? 0,
    });
    return [...(current && currentFp ? [one(current, currentFp, true)] : []), ...others.map((c, i) => one(c, otherFps[i]!, false))];
  }

  /**
   * Makes the saved connection `fingerprint` the current one: the current one (with a key) is
   * parked with its cache and choices; the chosen one's come back. One storage write.
   */
  async function switchTo(fingerprint: string): Promise<ConnectionInfo> {
    const policy = await currentPolicy();
    const { current, currentFp, others, otherFps } = await saved();
    if (currentFp === fingerprint) return connectionInfo(current, policy, fingerprint);
    const i = otherFps.indexOf(fingerprint);
    if (i < 0) throw new ApiError({ kind: 'invalid-input', reason: 'no-such-connection', message: 'That connection is not saved.' });
    const target = others[i]!;
    checkServiceUrlFor(target.serviceUrl, policy); // a locked service URL: no other service
    // The current session stops writing the stored cache before it is swapped (its jobs go on).
    const live = await sessions.get();
    await live?.cache.detach();
    const [parked, settings, cache] = await Promise.all([parkedAccountsItem.getValue(), settingsItem.getValue(), cacheItem.getValue()]);
    const nextOthers = others.filter((_, j) => j !== i);
    const nextParked: Record<string, ParkedAccount> = { ...parked };
    delete nextParked[fingerprint];
    if (current && currentFp) {
      nextOthers.splice(i, 0, current);
      nextParked[currentFp] = { ...(cache?.fingerprint === currentFp ? { cache } : {}), choices: choicesOf(settings) };
    }
    const back = parked[fingerprint];
    const choices = Object.fromEntries(ACCOUNT_SETTINGS.map((k) => [k, back?.choices?.[k] ?? null]));
    try {
      await writeTogether([
        { item: connectionItem, value: target },
        { item: connectionsItem, value: nextOthers },
        { item: cacheItem, value: back?.cache?.fingerprint === fingerprint ? back.cache : null },
        { item: parkedAccountsItem, value: nextParked },
        { item: settingsItem, value: { ...settings, ...choices } },
        { item: connectionStateItem, value: await connectionStateOf(target, nextOthers) },
      ]);
    } catch (e) {
      live?.cache.attach(); // nothing was swapped (storage refused the write): the current account keeps its cache
      throw e;
    }
    // An account used here for the first time starts from the organisation's defaults, if any.
    if (!back?.choices) await applyPolicy(policy, ACCOUNT_SETTINGS);
    sessions.adopt(target);
    await sessions.reset();
    return connectionInfo(target, policy, fingerprint);
  }

  /**
   * Ends the links still waiting for a forgotten account (one notification), and returns how many:
   * those not sent yet are cancelled; one waiting at the gate after a try fails when its session
   * is dropped, with the same reason (shortenJob.ts).
   */
  async function endWaiting(fingerprint: string, name: string): Promise<number> {
    const ids = (await jobs.unsettled()).filter((j) => j.fingerprint === fingerprint && !j.shortened).map((j) => j.id);
    const error = new ApiError({ kind: 'bad-key', reason: 'connection-forgotten', message: 'Its connection was forgotten.' }).toJSON();
    if (ids.length) await jobs.cancel(ids, error);
    const ended = ids.length;
    if (ended > 0)
      await notify(t('notifyForgottenTitle'), tCount({ one: 'notifyForgottenOne', other: 'notifyForgottenMany' }, ended, [ended, name]));
    return ended;
  }

  return {
    /** Every saved connection, the current one first. */
    listConnections: (): Promise<ConnectionSummary[]> => summaries(),

    /** Verifies a new connection and makes it the current one; the current one stays saved. */
    addConnection: (data: { name: string; serviceUrl: string; apiKey: string }) =>
      change(async (): Promise<{ connections: ConnectionSummary[]; account: Account }> => {
        const policy = await currentPolicy();
        const checked = checkServiceUrlFor(String(data?.serviceUrl ?? ''), policy);
        const apiKey = String(data?.apiKey ?? '').trim();
        if (!apiKey)
          throw new ApiError({
            kind: 'invalid-input',
            field: 'apiKey',
            reason: 'key-required',
            message: 'A new connection needs its key.',
          });
        checkKey(apiKey);
        const name = checkConnectionName(data?.name);
        await checkReachable(checked.origin, hasHostPermission);
        const conn: Connection = { serviceUrl: checked.url, apiKey, ...(name ? { name } : {}) };
        const fingerprint = await fingerprintOf(conn.serviceUrl, conn.apiKey);
        const all = await saved();
        const same = all.currentFp === fingerprint ? all.current : all.others[all.otherFps.indexOf(fingerprint)];
        if (same)
          throw new ApiError({
            kind: 'invalid-input',
            field: 'apiKey',
            reason: 'connection-exists',
            detail: connectionName(same),
            message: 'That connection is saved already.',
          });
        const trial = await sessions.build(conn, false);
        let account: Account;
        try {
          account = await trial.client.interactive.getAccount();
        } finally {
          trial.close();
        }
        await connectionsItem.setValue([...all.others, conn]);
        await switchTo(fingerprint);
        await (await sessions.require()).cache.put('account', account);
        return { connections: await summaries(), account };
      }),

    /** Makes a saved connection the current one. */
    switchConnection: (data: { fingerprint: string }) => change(() => switchTo(String(data?.fingerprint ?? ''))),

    /** Names a saved connection (empty: its service's host is shown). */
    renameConnection: (data: { fingerprint: string; name: string }) =>
      change(async (): Promise<ConnectionSummary[]> => {
        const name = checkConnectionName(String(data?.name ?? ''));
        const { current, currentFp, others, otherFps } = await saved();
        const named = (c: Connection): Connection => {
          const { name: _old, ...rest } = c;
          return name ? { ...rest, name } : rest;
        };
        if (current && currentFp === data?.fingerprint) await connectionItem.setValue(named(current));
        else {
          const i = otherFps.indexOf(String(data?.fingerprint));
          if (i < 0) throw new ApiError({ kind: 'invalid-input', reason: 'no-such-connection', message: 'That connection is not saved.' });
          await connectionsItem.setValue(others.map((c, j) => (j === i ? named(c) : c)));
        }
        await publishConnectionState(await connectionItem.getValue());
        return summaries();
      }),

    /**
     * Forgets a saved connection: its key, cache, choices and budgets; links still waiting for it
     * end with one notification. The current one is replaced by the next saved one, or, when
     * none is left, its key is forgotten as "Forget key" does.
     */
    forgetConnection: (data: { fingerprint: string }) =>
      change(async (): Promise<{ connections: ConnectionSummary[]; ended: number }> => {
        const fingerprint = String(data?.fingerprint ?? '');
        let all = await saved();
        if (all.currentFp === fingerprint && all.others.length === 0) {
          await forgetKey();
          await sessions.drop(all.current!, fingerprint);
          return { connections: await summaries(), ended: await endWaiting(fingerprint, connectionName(all.current!)) };
        }
        if (all.currentFp === fingerprint) {
          await switchTo(all.otherFps[0]!);
          all = await saved();
        }
        const i = all.otherFps.indexOf(fingerprint);
        if (i < 0) throw new ApiError({ kind: 'invalid-input', reason: 'no-such-connection', message: 'That connection is not saved.' });
        const gone = all.others[i]!;
        const nextOthers = all.others.filter((_, j) => j !== i);
        // In turn with the budgets' other writes: one under way would bring the forgotten account's back.
        await budgetsAlone(async () => {
          const [parked, budgets] = await Promise.all([parkedAccountsItem.getValue(), budgetsItem.getValue()]);
          const { [fingerprint]: _p, ...keptParked } = parked;
          const { [fingerprint]: _b, ...keptBudgets } = budgets;
          await writeTogether([
            { item: connectionsItem, value: nextOthers },
            { item: parkedAccountsItem, value: keptParked },
            { item: budgetsItem, value: keptBudgets },
          ]);
        });
        await publishConnectionState(all.current, nextOthers);
        await sessions.drop(gone, fingerprint); // what waits at its gate fails: nothing more is sent with that key
        const ended = await endWaiting(fingerprint, connectionName(gone));
        return { connections: await summaries(), ended };
      }),
  };
}
