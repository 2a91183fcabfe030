/**
 * The notification for an address the menu, the shortcut or the address bar cannot shorten,
 * naming what was refused: a link of another kind (javascript:, mailto:…) or a page that is
 * not a web page.
 */
import { t, type MessageKey } from '@/lib/i18n';
import type { Job } from '@/lib/storage';

/** Links whose kind has a name of its own; any other is named by its scheme. */
const LINK_KINDS: Record<string, MessageKey> = {
  'javascript:': 'notifyCannotLinkScript',
  'mailto:': 'notifyCannotLinkEmail',
};

/** The title and text saying why `url` cannot be shortened from `source`; null when it is a web address. */
export function cannotShortenNotice(url: string | undefined, source: Job['source']): { title: string; body: string } | null {
  if (url && /^https?:/i.test(url)) return null;
  if (source !== 'context-link') return { title: t('notifyCannotTitle'), body: t('notifyCannotBody') };
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(url?.trim() ?? '')?.[1]?.toLowerCase();
  const body = !scheme
    ? t('notifyCannotLinkNone')
    : Object.hasOwn(LINK_KINDS, scheme)
      ? t(LINK_KINDS[scheme]!)
      : t('notifyCannotLinkOther', scheme);
  return { title: t('notifyCannotLinkTitle'), body };
}
