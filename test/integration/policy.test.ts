// The organisation's policy against the worker's service: a locked service URL, a preset default.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { makeService } from './makeService';
import { loadPolicy } from '@/lib/background/policy';
import { connectionItem, settingsItem } from '@/lib/storage';

let sb: Sandbox;
beforeEach(async () => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sb = await startSandbox({ port: 0, plan: 'pro', mainLimit: 1000 });
});
afterEach(() => sb.close());

describe('a policy', () => {
  it('locking the service URL: a key saved for another service is forgotten, another URL refused, the locked one connects', async () => {
    const { service } = makeService();
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    const locked = 'http://127.0.0.1:9'; // loopback: no host permission needed
    await service.connection.followPolicy(await loadPolicy(async () => ({ serviceUrl: locked, locked: ['serviceUrl'] })));
    const info = await service.connection.getConnection();
    expect(info).toMatchObject({ connected: false, serviceUrl: locked, keyHint: null });
    expect(info.managed?.serviceUrl).toEqual({ value: locked, locked: true });
    expect((await connectionItem.getValue())?.apiKey).toBe('');
    await expect(service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key })).rejects.toMatchObject({
      reason: 'managed-locked',
      field: 'serviceUrl',
    });

    // The organisation's own URL is accepted.
    await service.connection.followPolicy(await loadPolicy(async () => ({ serviceUrl: sb.url, locked: ['serviceUrl'] })));
    const res = await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    expect(res.connection).toMatchObject({ connected: true, serviceUrl: sb.url });
  });

  it('as a default: shown until the user saves another, which is kept', async () => {
    const { service } = makeService();
    await service.connection.followPolicy(await loadPolicy(async () => ({ serviceUrl: sb.url, defaultCampaignId: 5 })));
    expect(await service.connection.getConnection()).toMatchObject({ connected: false, serviceUrl: sb.url });
    expect((await settingsItem.getValue()).defaultCampaignId).toBe(5);
    await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
    // A new account starts without the previous ids, but with the organisation's default.
    expect((await settingsItem.getValue()).defaultCampaignId).toBe(5);
    await service.settings.saveSettings({ defaultCampaignId: 8 });
    await service.connection.followPolicy(await loadPolicy(async () => ({ serviceUrl: sb.url, defaultCampaignId: 5 })));
    expect((await settingsItem.getValue()).defaultCampaignId).toBe(8);
  });
});
