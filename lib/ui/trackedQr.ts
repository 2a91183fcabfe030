/** Tracked QR codes as the pages use them: asked of the worker, and where their statistics are shown. */
import { ask } from '../messaging';
import { browser } from '../nativeBrowser';
import type { TrackedQr } from '../storage';

/** Makes (or finds) the tracked QR code of a short link. */
export const makeTrackedQr = (shortUrl: string): Promise<TrackedQr> => ask('makeTrackedQr', { shortUrl });
/** Waits until a waiting tracked QR code is made. */
export const waitTrackedQr = (shortUrl: string): Promise<TrackedQr> => ask('waitTrackedQr', { shortUrl });
/** The account's tracked QR codes by short link; `refresh` reads the scans (the worker does it at most once a minute). */
export const trackedQrs = (refresh = false): Promise<Record<string, TrackedQr>> => ask('getTrackedQrs', { refresh });

/** The options page opened at one QR code's statistics. */
export function qrStatsUrl(id: number): string {
  return browser.runtime.getURL(`/options.html#qr-stats-${id}` as '/options.html');
}

/** The QR code whose statistics an options page address asks for (#qr-stats-<id>), or null. */
export function qrStatsTarget(hash: string): number | null {
  const m = /^#qr-stats-(\d{1,12})$/.exec(hash);
  return m ? Number(m[1]) : null;
}
