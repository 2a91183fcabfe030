/** The bulk page's form: the pasted addresses (read as they are typed), the choices, the window's tabs. */
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { extractAddresses } from '@/lib/bulk/extract';
import { prepareBatch } from '@/lib/bulk/prepare';
import { cleanUrl } from '@/lib/links/cleanUrl';
import type { Settings } from '@/lib/storage';
import { checkUrl } from '@/lib/links/address';
import type { BulkForm, BulkFormActions, BulkKit, BulkPreview } from './state';

/** Whether tracking parameters are removed: the preference, on by default. */
export function cleansLinks(settings: Settings | null): boolean {
  return settings?.cleanLinks ?? true;
}

/** What the pasted text gives, as the page shows it before anything is sent. */
export function previewOf(text: string, settings: Settings | null): BulkPreview {
  const { urls, skipped, trimmed } = extractAddresses(text);
  const { addresses, repeats } = prepareBatch(urls, cleansLinks(settings));
  return { addresses, repeats, skipped, trimmed };
}

/** The text with more lines added at its end. */
function appendLines(text: string, lines: string[]): string {
  if (lines.length === 0) return text;
  const base = text.trimEnd();
  return `${base}${base ? '\n' : ''}${lines.join('\n')}\n`;
}

/** The form slice. */
export function bulkFormSlice({ set, get }: BulkKit): BulkFormActions {
  const setForm = (patch: Partial<BulkForm>) => set({ form: { ...get().form, ...patch } });
  return {
    setText(text) {
      set({ form: { ...get().form, text }, preview: previewOf(text, get().settings), alert: '' });
    },
    setDomain: (domainId) => setForm({ domainId, choicesEdited: true }),
    setCampaign: (campaignId) => setForm({ campaignId, choicesEdited: true }),
    setChannel: (channelId) => setForm({ channelId, choicesEdited: true }),
    setMakeNew: (makeNew) => setForm({ makeNew }),

    async takeWindowTabs() {
      // Asked on this click (a user gesture): the extension does not hold `tabs` from install.
      let granted = false;
      try {
        granted = await browser.permissions.request({ permissions: ['tabs'] });
      } catch {
        granted = false;
      }
      if (!granted) {
        set({ alert: t('bulkTabsRefused'), status: '' });
        return;
      }
      const { windowId } = get();
      let urls: string[];
      try {
        const tabs = await browser.tabs.query(windowId !== null ? { windowId } : { currentWindow: true });
        urls = tabs.map((tab) => tab.url ?? '').filter(Boolean);
        const titles = { ...get().titles };
        // Keyed by the address as it will be sent (cleaned) too.
        for (const tab of tabs) if (tab.url && tab.title) titles[tab.url] = titles[cleanUrl(tab.url).url] = tab.title;
        set({ titles });
      } catch {
        set({ alert: t('bulkTabsFailed'), status: '' });
        return;
      }
      const web = urls.filter((u) => {
        const v = checkUrl(u);
        return v.kind === 'ok' || (v.kind === 'blocked' && v.store);
      });
      get().setText(appendLines(get().form.text, web));
      const others = urls.length - web.length;
      set({ alert: '', status: others > 0 ? t('bulkTabsAddedSome', web.length, others) : t('bulkTabsAdded', web.length) });
    },

    openOptions() {
      void browser.runtime.openOptionsPage().catch(() => undefined);
    },
  };
}
