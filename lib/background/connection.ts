/**
 * The connection: saving (checked, verified with GET /api/account), reading without the key,
 * and forgetting the key. Another account starts without the previous one's ids and cache.
 */
import { keyHint } from './keyHint';
import { ApiError, type Account } from '@/lib/api';
import { checkServiceUrl, isGrantedInManifest } from '@/lib/links/serviceUrl';
import type { ConnectionInfo } from '@/lib/messaging';
import { ACCOUNT_SETTINGS, connectionItem, settingsItem, type Connection } from '@/lib/storage';
import { connectionName, publishConnectionState, savedConnectionOf } from './connectionState';
import { connectionsItem } from '@/lib/storage/connections';
import { fingerprintOf } from './fingerprint';
import { applyPolicy, currentPolicy } from './policy';
import { isLocked, presetNames, type ManagedPolicy } from '@/lib/storage/policy';
import { MAX_CONNECTION_NAME } from '@/lib/storage/names';
import { oneConnectionChange } from './connectionChanges';
import type { SessionHolder } from './session';

export interface ConnectionDeps {
  sessions: SessionHolder;
  /** Whether the extension may reach an origin (optional host permission). */
  hasHostPermission: (origin: string) => Promise<boolean>;
}

/** What the pages may know of a connection: never the key, only its last 4 characters; the policy's URL until one is saved. */
export const connectionInfo = (c: Connection | null, policy?: ManagedPolicy, fingerprint?: string): ConnectionInfo => ({
  connected: !!c && !!c.apiKey,
  serviceUrl: c?.serviceUrl ?? policy?.serviceUrl?.value ?? null,
  keyHint: c?.apiKey ? keyHint(c.apiKey) : null,
  ...(c?.name ? { name: c.name } : {}),
  ...(c?.apiKey && fingerprint ? { fingerprint } : {}),
  ...(policy && presetNames(policy).length > 0 ? { managed: policy } : {}),
});

/** A service URL as saving takes it: checked, and the one the organisation's policy locks, if any. */
export function checkServiceUrlFor(serviceUrl: string, policy: ManagedPolicy) {
  const checked = checkServiceUrl(serviceUrl);
  if (!checked.ok)
    throw new ApiError({
      kind: 'invalid-input',
      field: 'serviceUrl',
      reason: 'service-url',
      detail: checked.problem,
      message: 'The service URL is refused.',
    });
  if (isLocked(policy, 'serviceUrl') && checked.url !== policy.serviceUrl?.value)
    throw new ApiError({ kind: 'forbidden', field: 'serviceUrl', reason: 'managed-locked', message: 'The policy sets the service URL.' });
  return checked;
}

/** A key as saving takes it: one word, not absurdly long. */
export function checkKey(apiKey: string): void {
  if (/\s/.test(apiKey) || apiKey.length > 500)
    throw new ApiError({ kind: 'invalid-input', field: 'apiKey', reason: 'key-spaces', message: 'The key has spaces.' });
}

/** A connection name as saved: trimmed, empty as none, refused when too long. */
export function checkConnectionName(name: string | undefined): string | undefined {
  const trimmed = name?.trim() ?? '';
  if (trimmed.length > MAX_CONNECTION_NAME)
    throw new ApiError({
      kind: 'invalid-input',
      field: 'name',
      reason: 'name-too-long',
      detail: String(MAX_CONNECTION_NAME),
      message: 'The connection name is too long.',
    });
  return trimmed || undefined;
}

/** Refuses an origin the extension may not reach (neither in the manifest nor granted). */
export async function checkReachable(origin: string, hasHostPermission: (origin: string) => Promise<boolean>): Promise<void> {
  if (!isGrantedInManifest(origin) && !(await hasHostPermission(origin)))
    throw new ApiError({ kind: 'forbidden', reason: 'no-permission', detail: origin, message: 'No host permission.' });
}

/** The connection's messages: read, save (verified), forget the key. */
export function createConnection({ sessions, hasHostPermission }: ConnectionDeps) {
  return {
    /** The connection without the key. */
    async getConnection(): Promise<ConnectionInfo> {
      const [conn, policy] = await Promise.all([connectionItem.getValue(), currentPolicy()]);
      // The key-free state is written beside the connection; checked here too (a connection written
      // by an earlier version, or by hand) before the answer: a page that asks next reads it.
      const [fingerprint] = await Promise.all([
        conn?.apiKey ? fingerprintOf(conn.serviceUrl, conn.apiKey) : undefined,
        publishConnectionState(conn),
      ]);
      return connectionInfo(conn, policy, fingerprint);
    },

    /** Checks, verifies (GET /api/account) and saves a connection (one change of connections at a time). */
    saveConnection: (data: { serviceUrl: string; apiKey?: string; name?: string }) => oneConnectionChange(() => save(data)),

    /** Forgets the key (keeps the service URL for the form) and that account's cache. */
    forgetKey: () => forget(),

    /**
     * A policy that locks the service URL: a key saved for another service is forgotten (it is
     * sent only to the origin it was saved for) and the form shows the organisation's URL.
     */
    async followPolicy(policy: ManagedPolicy): Promise<void> {
      const saved = await connectionItem.getValue();
      await publishConnectionState(saved); // whether the policy's presets, rules and QR style are for this account
      const url = policy.serviceUrl?.value;
      if (!url || !isLocked(policy, 'serviceUrl')) return;
      // Saved connections to another service go too (their keys stay unsent; nothing more is sent with them).
      const others = await connectionsItem.getValue();
      const kept = others.filter((c) => c.serviceUrl === url);
      if (kept.length !== others.length) {
        await connectionsItem.setValue(kept);
        await publishConnectionState(saved, kept);
        for (const c of others) if (c.serviceUrl !== url) await sessions.drop(c, await fingerprintOf(c.serviceUrl, c.apiKey));
      }
      if (!saved || saved.serviceUrl === url) return;
      await forget(url);
    },
  };

  /** Checks, verifies and saves a connection (saveConnection). */
  async function save(data: { serviceUrl: string; apiKey?: string; name?: string }) {
    const policy = await currentPolicy();
    const checked = checkServiceUrlFor(data.serviceUrl, policy);
    const saved = await connectionItem.getValue();
    let apiKey = data.apiKey?.trim() ?? '';
    if (!apiKey) {
      // The key is sent only to the origin it was saved for: a new URL needs the key again.
      if (!saved?.apiKey || saved.serviceUrl !== checked.url)
        throw new ApiError({ kind: 'invalid-input', field: 'apiKey', reason: 'key-required', message: 'A new service URL needs its key.' });
      apiKey = saved.apiKey;
    }
    checkKey(apiKey);
    await checkReachable(checked.origin, hasHostPermission);
    const name = checkConnectionName(data.name ?? saved?.name);
    // Another saved connection's service and key: it is used with "Use", not saved twice.
    const other = await savedConnectionOf(await fingerprintOf(checked.url, apiKey));
    if (other)
      throw new ApiError({
        kind: 'invalid-input',
        field: 'apiKey',
        reason: 'connection-exists',
        detail: connectionName(other),
        message: 'That connection is saved already.',
      });
    const same = saved?.serviceUrl === checked.url && saved.apiKey === apiKey;
    const conn: Connection = {
      serviceUrl: checked.url,
      apiKey,
      ...(same && saved?.shortenAuth ? { shortenAuth: saved.shortenAuth } : {}),
      ...(name ? { name } : {}),
    };
    // Verify through the live session when nothing changed (its budget counts the request);
    // else through a session of the new connection, closed once it has answered.
    const current = same ? await sessions.get() : null;
    const s = current ?? (await sessions.build(conn));
    let account: Account;
    try {
      account = await s.client.interactive.getAccount();
    } finally {
      if (s !== current) s.close();
    }
    const previous = saved?.apiKey ? await fingerprintOf(saved.serviceUrl, saved.apiKey) : null;
    if (previous !== s.fingerprint) {
      // Domain, campaign and channel ids belong to one account: another account starts without them.
      const ids = Object.fromEntries(ACCOUNT_SETTINGS.map((k) => [k, null]));
      await settingsItem.setValue({ ...(await settingsItem.getValue()), ...ids });
      await applyPolicy(policy, ACCOUNT_SETTINGS);
    }
    sessions.adopt(conn);
    await connectionItem.setValue(conn);
    await publishConnectionState(conn);
    await sessions.reset();
    const live = await sessions.require();
    await live.cache.put('account', account);
    return { connection: connectionInfo(conn, policy, s.fingerprint), account };
  }

  /** Forgets the key and that account's cache; the form keeps the service URL (or `moveTo`). */
  async function forget(moveTo?: string): Promise<ConnectionInfo> {
    const saved = await connectionItem.getValue();
    const s = await sessions.get();
    await s?.cache.clear();
    const serviceUrl = moveTo ?? saved?.serviceUrl;
    const conn = serviceUrl ? { serviceUrl, apiKey: '' } : null;
    sessions.adopt(conn);
    await connectionItem.setValue(conn);
    await publishConnectionState(conn);
    await sessions.reset();
    return connectionInfo(conn, await currentPolicy());
  }
}
