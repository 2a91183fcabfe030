/** The key-free account of the connection that pages may read (see ConnectionState in lib/storage). */
import { connectionStateItem, policyItem, type AccountName, type Connection, type ConnectionState } from '@/lib/storage';
import { connectionsItem, type SavedConnection } from '@/lib/storage/connections';
import { fingerprintOf } from './fingerprint';

/** How a connection is named to the user: its own name, else its service's host. */
export function connectionName(c: Connection): string {
  const own = c.name?.trim();
  if (own) return own;
  try {
    return new URL(c.serviceUrl).host;
  } catch {
    return c.serviceUrl;
  }
}

/** The saved connection other than the current one whose account is `fingerprint`, if any. */
export async function savedConnectionOf(fingerprint: string): Promise<SavedConnection | undefined> {
  for (const c of await connectionsItem.getValue()) if (c.apiKey && (await fingerprintOf(c.serviceUrl, c.apiKey)) === fingerprint) return c;
  return undefined;
}

/** The saved connections with a key as pages may name them, sorted by name (a stable order for the Account select). */
export async function accountNames(conn: Connection | null, others: readonly SavedConnection[]): Promise<AccountName[]> {
  const all = [...(conn?.apiKey ? [conn] : []), ...others.filter((c) => c.apiKey)];
  const named = await Promise.all(
    all.map(async (c) => ({ fingerprint: await fingerprintOf(c.serviceUrl, c.apiKey), name: connectionName(c) })),
  );
  return named.sort((a, b) => a.name.localeCompare(b.name));
}

/** The key-free state of `conn` with every saved account's name (its reads and digests asked together). */
export async function connectionStateOf(conn: Connection | null, others: readonly SavedConnection[]): Promise<ConnectionState> {
  if (!conn?.apiKey)
    return { connected: false, fingerprint: null, ...(others.length ? { accounts: await accountNames(null, others) } : {}) };
  const [accounts, org, fingerprint] = await Promise.all([
    accountNames(conn, others),
    orgServiceUrl(),
    fingerprintOf(conn.serviceUrl, conn.apiKey),
  ]);
  return {
    connected: true,
    fingerprint,
    ...(accounts.length > 1 ? { accounts } : {}),
    ...(org !== null && org === conn.serviceUrl ? { orgConventions: true } : {}),
  };
}

/** The service URL the policy's presets, rules and QR style are for (null: it sets none of them). */
export async function orgServiceUrl(): Promise<string | null> {
  const policy = (await policyItem.getValue())?.policy;
  return policy?.org && Object.keys(policy.org).length > 0 ? (policy.serviceUrl?.value ?? null) : null;
}

/** Writes the key-free state of `conn` when it differs from the stored one, so the popup can trust the cache. */
export async function publishConnectionState(conn: Connection | null, others?: readonly SavedConnection[]): Promise<void> {
  const [saved, stored] = await Promise.all([others ?? connectionsItem.getValue(), connectionStateItem.getValue()]);
  const next = await connectionStateOf(conn, saved);
  if (JSON.stringify(stored) !== JSON.stringify(next)) await connectionStateItem.setValue(next);
}
