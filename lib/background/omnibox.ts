/**
 * The address-bar keyword `ls`: Enter with nothing shortens the current tab, with an address
 * shortens that address; while typing, matching Recent links are suggested, and choosing one
 * copies it. Results are copied and notified like the shortcut's.
 */
import { browser } from '@wxt-dev/browser';
import { t } from '@/lib/i18n';
import { formatCopy } from '@/lib/links/copyFormat';
import type { HistoryEntry } from '@/lib/storage';
import { settingsItem } from '@/lib/storage';
import { matchesSearch, truncate } from '@/lib/links/historyText';
import type { NotifyOptions } from './notify';
import { actedOnTab } from './menus';

export interface OmniboxDeps {
  getHistory: () => Promise<HistoryEntry[]>;
  shortenInBackground: (url: string | undefined, source: 'omnibox', title?: string, fromPrivate?: boolean) => Promise<void>;
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
}

export const MAX_SUGGESTIONS = 6;

/** Chrome reads suggestion descriptions as XML; Firefox shows them as they are. */
const describe = (text: string) =>
  import.meta.env.BROWSER === 'firefox'
    ? text
    : text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** What the user typed as an address: with its scheme, or https:// added to a host-like text; null when it is not one. */
export function typedAddress(text: string): string | null {
  const raw = text.trim();
  if (!raw || /\s/.test(raw)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const u = new URL(withScheme);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    // "foo" alone is a word, not a host: ask for a dot, localhost or an IP literal.
    if (!/[.:]/.test(u.hostname) && u.hostname !== 'localhost') return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** The suggestions for what is typed: the matching Recent links, newest first. */
export async function omniboxSuggestions(deps: Pick<OmniboxDeps, 'getHistory'>, text: string) {
  const history = await deps.getHistory();
  return history
    .filter((e) => matchesSearch(e, text))
    .slice(0, MAX_SUGGESTIONS)
    .map((e) => ({ content: e.shortUrl, description: describe(t('omniboxCopyRecent', e.shortUrl, truncate(e.title || e.longUrl, 70))) }));
}

/** While typing: the default line says what Enter will do, the list holds the matching Recent links. */
export async function onOmniboxChanged(deps: OmniboxDeps, text: string, suggest: (s: { content: string; description: string }[]) => void) {
  const address = typedAddress(text);
  browser.omnibox.setDefaultSuggestion({ description: describe(address ? t('omniboxShortenAddress', address) : t('omniboxDefault')) });
  suggest(await omniboxSuggestions(deps, text));
}

/** Enter: copies a chosen Recent link, shortens the typed address, or the current tab when nothing is typed. */
export async function onOmniboxEntered(deps: OmniboxDeps, text: string): Promise<void> {
  const typed = text.trim();
  // The address bar passes no tab: the active tab of the focused window says whether it is private.
  const tab = await actedOnTab();
  if (!typed) return deps.shortenInBackground(tab.url, 'omnibox', tab.title, tab.incognito);
  const chosen = (await deps.getHistory()).find((e) => e.shortUrl === typed);
  if (chosen) {
    const { copyFormat } = await settingsItem.getValue();
    const copied = await deps.copy(formatCopy(copyFormat, chosen)).catch(() => false);
    await deps.notify(copied ? t('notifyCopiedRecentTitle') : t('notifyCopyFailedTitle'), chosen.shortUrl);
    return;
  }
  const address = typedAddress(typed);
  if (!address) {
    await deps.notify(t('notifyNotAddressTitle'), t('notifyNotAddressBody', truncate(typed, 60)));
    return;
  }
  return deps.shortenInBackground(address, 'omnibox', undefined, tab.incognito);
}
