import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionItem, connectionStateItem } from '@/lib/storage';
import { createConnection } from '@/lib/background/connection';
import { publishConnectionState } from '@/lib/background/connectionState';
import { fingerprintOf } from '@/lib/background/fingerprint';

beforeEach(() => fakeBrowser.reset());

describe('the key-free connection state the popup reads', () => {
  it('names the account by its fingerprint, never by the key, and says when no key is saved', async () => {
    const conn = { serviceUrl: 'http://127.0.0.1:8787', apiKey: 'secret-key-1234' };
    await publishConnectionState(conn);
    const state = await connectionStateItem.getValue();
    expect(state).toEqual({ connected: true, fingerprint: await fingerprintOf(conn.serviceUrl, conn.apiKey) });
    expect(JSON.stringify(await fakeBrowser.storage.local.get('connectionState'))).not.toContain('secret-key-1234');
    await publishConnectionState({ serviceUrl: conn.serviceUrl, apiKey: '' });
    expect(await connectionStateItem.getValue()).toEqual({ connected: false, fingerprint: null });
    await publishConnectionState(null);
    expect(await connectionStateItem.getValue()).toEqual({ connected: false, fingerprint: null });
  });

  it('does not write when nothing changed (a write wakes every listener)', async () => {
    const conn = { serviceUrl: 'http://127.0.0.1:8787', apiKey: 'k' };
    await publishConnectionState(conn);
    const write = vi.spyOn(connectionStateItem, 'setValue');
    await publishConnectionState(conn);
    expect(write).not.toHaveBeenCalled();
  });
});

describe("getConnection's answer", () => {
  it('a connection written without its key-free state (an earlier version): the state is written before the answer', async () => {
    const conn = { serviceUrl: 'http://127.0.0.1:8787', apiKey: 'secret-key-5678' };
    await connectionItem.setValue(conn);
    expect(await connectionStateItem.getValue()).toBeNull();
    const connection = createConnection({ sessions: {} as never, hasHostPermission: async () => true });
    const info = await connection.getConnection();
    const fingerprint = await fingerprintOf(conn.serviceUrl, conn.apiKey);
    expect(info).toMatchObject({ connected: true, keyHint: expect.any(String), fingerprint });
    expect(JSON.stringify(info)).not.toContain('secret-key-5678');
    // A page that asks next (the popup's first reads) finds the account the answer named.
    expect(await connectionStateItem.getValue()).toEqual({ connected: true, fingerprint });
  });
});
