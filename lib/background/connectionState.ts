/** The key-free account of the connection that pages may read (see ConnectionState in lib/storage.ts). */
import { connectionStateItem, type Connection, type ConnectionState } from '../storage';
import { fingerprintOf } from './fingerprint';

/** Writes the key-free state of `conn` when it differs from the stored one, so the popup can trust the cache. */
export async function publishConnectionState(conn: Connection | null): Promise<void> {
  const next: ConnectionState = conn?.apiKey
    ? { connected: true, fingerprint: await fingerprintOf(conn.serviceUrl, conn.apiKey) }
    : { connected: false, fingerprint: null };
  const stored = await connectionStateItem.getValue();
  if (stored?.connected !== next.connected || stored.fingerprint !== next.fingerprint) await connectionStateItem.setValue(next);
}
