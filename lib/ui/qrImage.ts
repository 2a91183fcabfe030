/**
 * QR codes made locally with the `qrcode` package. The package is loaded with a dynamic
 * import the first time a QR code is shown, so it stays out of the pages' first bundle.
 */
import { t } from '../i18n';

type QrModule = typeof import('qrcode');

let loading: Promise<QrModule> | null = null;

/** Loads `qrcode` once (a separate chunk). */
function loadQr(): Promise<QrModule> {
  loading ??= import('qrcode').then((m) => ((m as { default?: QrModule }).default ?? m) as QrModule);
  // A failed load (an update replaced the chunk, say) is retried next time.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Dark modules on white with a quiet zone: what scanners read best, in either theme. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, color: { dark: '#000000', light: '#ffffff' } };

/** The QR code of a text as SVG markup. */
export async function qrSvg(text: string): Promise<string> {
  const QR = await loadQr();
  return QR.toString(text, { ...QR_OPTIONS, type: 'svg' });
}

/** An SVG as a data: URL for an <img> (never inserted as markup). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of a text as a PNG blob (`size` pixels wide). */
export async function qrPngBlob(text: string, size = 512): Promise<Blob> {
  const QR = await loadQr();
  const canvas = document.createElement('canvas');
  await QR.toCanvas(canvas, text, { ...QR_OPTIONS, width: size });
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('qrDrawFailed')))), 'image/png');
  });
}

/** A file name for a QR image: "qr-<code>" with only safe characters. */
export function qrFileBase(code: string): string {
  const safe = code.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return safe ? `qr-${safe}` : 'qr-code';
}

/** Saves a blob as a file through a temporary <a download> (no downloads permission needed). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Give the browser time to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}

/** What the QR panel does with a QR code; replaceable in tests. */
export interface QrActions {
  svg(text: string): Promise<string>;
  copyPng(text: string): Promise<void>;
  downloadPng(text: string, fileName: string): Promise<void>;
  downloadSvg(text: string, fileName: string): Promise<void>;
}

/** The real actions: clipboard and file downloads from the page. */
export const defaultQrActions: QrActions = {
  svg: qrSvg,
  async copyPng(text) {
    const blob = await qrPngBlob(text);
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  },
  async downloadPng(text, fileName) {
    downloadBlob(await qrPngBlob(text), fileName);
  },
  async downloadSvg(text, fileName) {
    downloadBlob(new Blob([await qrSvg(text)], { type: 'image/svg+xml' }), fileName);
  },
};
