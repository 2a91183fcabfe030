import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isLocked, parsePolicy, presetNames } from '@/lib/storage/policy';
import { applyPolicy, loadPolicy, refuseLocked } from '@/lib/background/policy';
import { saveSettings } from '@/lib/background/settings';
import { policyItem, settingsItem } from '@/lib/storage';

describe('the organisation policy (storage.managed)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads a full policy: URL normalised, values and locks', () => {
    const p = parsePolicy({
      serviceUrl: 'https://links.corp.example/ ',
      defaultDomainId: 3,
      defaultCampaignId: 7,
      defaultChannelId: 2,
      keepHistory: false,
      keepPrivateHistory: false,
      locked: ['serviceUrl', 'keepHistory'],
    });
    expect(p.ignored).toEqual([]);
    expect(p.serviceUrl).toEqual({ value: 'https://links.corp.example', locked: true });
    expect(p.settings.keepHistory).toEqual({ value: false, locked: true });
    expect(p.settings.defaultDomainId).toEqual({ value: 3, locked: false });
    expect(isLocked(p, 'serviceUrl')).toBe(true);
    expect(isLocked(p, 'defaultDomainId')).toBe(false);
    expect(presetNames(p)).toEqual([
      'serviceUrl',
      'defaultDomainId',
      'defaultCampaignId',
      'defaultChannelId',
      'keepHistory',
      'keepPrivateHistory',
    ]);
  });

  it('ignores each bad value with a reason and keeps the good ones', () => {
    const p = parsePolicy({
      serviceUrl: 'http://links.corp.example', // plain http off this machine: the key would travel in clear
      defaultDomainId: '3',
      defaultCampaignId: -1,
      keepHistory: 'no',
      keepPrivateHistory: true,
      apiKey: 'sk-123',
      colour: 'blue',
      locked: ['keepHistory', 'keepPrivateHistory', 'theme'],
    });
    expect(p.serviceUrl).toBeUndefined();
    expect(p.settings).toEqual({ keepPrivateHistory: { value: true, locked: true } });
    const reasons = Object.fromEntries(p.ignored.map((i) => [i.key, i.reason]));
    expect(reasons.serviceUrl).toMatch(/http/);
    expect(Object.keys(reasons).sort()).toEqual(
      [
        'apiKey',
        'colour',
        'defaultCampaignId',
        'defaultDomainId',
        'keepHistory',
        'locked.keepHistory',
        'locked.theme',
        'serviceUrl',
      ].sort(),
    );
    expect(reasons.apiKey).toMatch(/never/);
    expect(JSON.stringify(p)).not.toContain('sk-123');
  });

  it('a member named like a built-in (constructor, toString, __proto__) is ignored alone: the locked service URL still applies', async () => {
    const raw = JSON.parse(
      '{"constructor": 1, "toString": "x", "hasOwnProperty": true, "__proto__": {"keepHistory": false}, "serviceUrl": "https://links.corp.example", "keepHistory": false, "locked": ["serviceUrl", "keepHistory"]}',
    ) as unknown;
    const p = parsePolicy(raw);
    expect(p.serviceUrl).toEqual({ value: 'https://links.corp.example', locked: true });
    expect(p.settings).toEqual({ keepHistory: { value: false, locked: true } });
    expect(p.ignored.map((i) => i.key).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
    // Applied by the worker as well: the preference is set and locked.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadPolicy(async () => raw);
    expect((await settingsItem.getValue()).keepHistory).toBe(false);
    await expect(saveSettings({ keepHistory: true })).rejects.toMatchObject({ reason: 'managed-locked' });
  });

  it('no policy, or not an object: nothing set', () => {
    for (const raw of [null, undefined, {}, 'x', [1], 4]) expect(presetNames(parsePolicy(raw))).toEqual([]);
    expect(parsePolicy({ locked: 'serviceUrl' }).ignored).toEqual([{ key: 'locked', reason: 'not a list of names' }]);
  });

  it('a locked value is put into the preferences and refused as a change; a default once, then the user decides', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadPolicy(async () => ({ keepHistory: false, defaultDomainId: 4, locked: ['keepHistory'] }));
    expect((await settingsItem.getValue()).keepHistory).toBe(false);
    expect((await settingsItem.getValue()).defaultDomainId).toBe(4);
    await expect(saveSettings({ keepHistory: true })).rejects.toMatchObject({ reason: 'managed-locked', field: 'keepHistory' });
    await expect(refuseLocked({ keepHistory: false })).resolves.toBeUndefined();
    // The default is the user's to change, and a restart does not put it back.
    await saveSettings({ defaultDomainId: 9 });
    await loadPolicy(async () => ({ keepHistory: false, defaultDomainId: 4, locked: ['keepHistory'] }));
    expect((await settingsItem.getValue()).defaultDomainId).toBe(9);
    // Another account: the organisation's default comes back.
    await applyPolicy((await policyItem.getValue())!.policy, ['defaultDomainId']);
    expect((await settingsItem.getValue()).defaultDomainId).toBe(4);
  });

  it('a value the policy ignored is told for the administrator', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadPolicy(async () => ({ keepHistory: 'no' }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('keepHistory'));
    expect((await settingsItem.getValue()).keepHistory).toBe(true);
  });
});
