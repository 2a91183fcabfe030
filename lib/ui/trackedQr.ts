/** Tracked QR codes as the pages use them: asked of the worker, and where their statistics are shown. */
import { ask } from '@/lib/messaging';
import { browser } from 'wxt/browser';
import type { TrackedQr } from '@/lib/storage';
import { downloadBlob, pngBlobOf } from './qrImage';

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

/** The tracked QR code's image as the worker read it, as a blob. */
async function imageBlob(shortUrl: string): Promise<Blob> {
  const image = await ask('getTrackedQrImage', { shortUrl });
  const binary = atob(image.dataUrl.slice(image.dataUrl.indexOf(',') + 1));
  return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type: image.type });
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Copies the service's QR image (as PNG: the one image type clipboards take everywhere). */
export async function copyTrackedImage(shortUrl: string): Promise<void> {
  const blob = await imageBlob(shortUrl);
  const png = blob.type === 'image/png' ? blob : await pngBlobOf(blob);
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}

/** Downloads the service's QR image as it is; answers the file name. */
export async function downloadTrackedImage(shortUrl: string, fileBase: string): Promise<string> {
  const blob = await imageBlob(shortUrl);
  const name = `${fileBase}-tracked.${EXTENSIONS[blob.type] ?? 'png'}`;
  downloadBlob(blob, name);
  return name;
}
