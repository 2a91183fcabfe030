import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openOptions, section, within, withOptionsWorker } from './setup';

const worker = withOptionsWorker();
const preset = (id: string, name: string) => ({ id, name, source: 'news', medium: 'email', campaign: 'spring', term: '', content: '' });

describe('Sync presets, rules and QR style (options page, Preferences)', () => {
  it('is off until the user turns it on, and then says what is synced and what stays in this browser', async () => {
    const { user } = openOptions();
    const prefs = await section('Preferences');
    const box = await within(prefs).findByRole('checkbox', { name: 'Sync presets, rules and QR style' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(within(prefs).getByText('Presets, rules and QR style stay in this browser.')).toBeTruthy();
    expect(within(prefs).getByText(/The API key, Recent links and links waiting are never synced\./)).toBeTruthy();

    worker.override.setSyncEnabled = () => ({ enabled: true, logoKept: true, tooLarge: false });
    await user.click(box);
    expect(await within(prefs).findByText('Presets, rules and QR style are synced.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(within(prefs).getByText("The QR style's logo stays in this browser: it is too large for the browser's sync.")).toBeTruthy();
    expect(worker.calls.filter((c) => c.type === 'setSyncEnabled').map((c) => c.data)).toEqual([{ enabled: true }]);
  });

  it('says so when presets and rules are too large to sync', async () => {
    worker.syncStatus = { enabled: true, logoKept: false, tooLarge: true };
    openOptions();
    const prefs = await section('Preferences');
    expect(await within(prefs).findByText(/too large for the browser's sync \(100 kB\): they stay in this browser/)).toBeTruthy();
  });

  it('shows a preset another browser synced while the page is open', async () => {
    worker.linkRules = { presets: [preset('a', 'Newsletter')], rules: [], campaignPresets: {} };
    openOptions();
    const region = await section('UTM presets');
    expect(await within(region).findAllByText('Newsletter')).not.toHaveLength(0);
    expect(within(region).queryAllByText('Print (from the desktop)')).toHaveLength(0);
    // The worker merged the other browser's change into this browser's storage.
    worker.linkRules = { presets: [preset('a', 'Newsletter'), preset('b', 'Print (from the desktop)')], rules: [], campaignPresets: {} };
    await fakeBrowser.storage.local.set({ linkRules: { any: 'change' } });
    expect(await within(region).findAllByText('Print (from the desktop)')).not.toHaveLength(0);
  });
});
