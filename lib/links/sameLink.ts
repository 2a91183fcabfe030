/**
 * Whether two addresses are one link (Shorten's duplicate offer, the bulk page's duplicates):
 * pure functions, kept out of address.ts, which the popup's first screen imports.
 */
import type { HistoryEntry } from '@/lib/links/historyEntry';

/** A comparison key: two spellings of one URL (case of host, default port…) give the same key. */
export function addressKey(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

/** Two addresses are the same link when they parse to the same URL. */
export function sameUrl(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}

/** The newest history entry with the same long URL and the same domain, if any. */
export function findDuplicate(history: readonly HistoryEntry[], url: string, domainId: number | null): HistoryEntry | undefined {
  return history.find((e) => e.domainId === domainId && sameUrl(e.longUrl, url));
}

/** What makes a link asked for: its address and choices (a waiting job's, or a new request). */
interface LinkAsked {
  url: string;
  domainId?: number | null;
  campaignId?: number | null;
  customCode?: string | null;
  channelId?: number | null;
  private?: boolean;
}

/** Whether a waiting job makes the link asked for: the same address with the same choices (a second press follows it). */
export function sameLinkAsked(a: LinkAsked, b: LinkAsked): boolean {
  return (
    a.url === b.url &&
    (a.domainId ?? null) === (b.domainId ?? null) &&
    (a.campaignId ?? null) === (b.campaignId ?? null) &&
    (a.customCode || '') === (b.customCode || '') &&
    (a.channelId ?? null) === (b.channelId ?? null) &&
    !!a.private === !!b.private
  );
}
