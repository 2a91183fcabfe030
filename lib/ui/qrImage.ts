/**
 * QR codes made locally with the `qrcode` package. The package is loaded with a dynamic
 * import the first time a QR code is shown, so it stays out of the pages' first bundle.
 */
import { t } from '@/lib/i18n';
import { composite, fitLogo, levelFor, paintToSvg, qrPaint, scaleFor, type QrPaint } from '@/lib/qr/layout';
import { DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';

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

/** The laid-out QR code of a text in a style (error correction H under a logo). */
export async function qrPaintOf(text: string, style: QrStyle = DEFAULT_QR_STYLE): Promise<QrPaint> {
  const QR = await loadQr();
  return qrPaint(QR.create(text, { errorCorrectionLevel: levelFor(style) }).modules, style);
}

/** The QR code of a text as SVG markup, in the style. */
export async function qrSvg(text: string, style: QrStyle = DEFAULT_QR_STYLE): Promise<string> {
  return paintToSvg(await qrPaintOf(text, style), style.logo?.dataUrl);
}

/** An SVG as a data: URL for an <img> (never inserted as markup). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Loads an image (the logo) for drawing on a canvas. */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(t('qrLogoUnreadable')));
    img.src = src;
  });
}

/** The QR code of a text as a PNG blob (about `size` pixels wide), in the style. */
export async function qrPngBlob(text: string, style: QrStyle = DEFAULT_QR_STYLE, size = 512): Promise<Blob> {
  const paint = await qrPaintOf(text, style);
  const logo = style.logo ? await loadImage(style.logo.dataUrl) : null;
  const scale = scaleFor(paint, size);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = paint.units * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(t('qrDrawFailed'));
  composite(
    paint,
    scale,
    (r, colour) => {
      ctx.fillStyle = colour;
      ctx.fillRect(r.x, r.y, r.w, r.h);
    },
    (box) => {
      if (!logo) return;
      const at = fitLogo(box, logo.naturalWidth || box.w, logo.naturalHeight || box.h);
      ctx.drawImage(logo, at.x, at.y, at.w, at.h);
    },
  );
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t('qrDrawFailed')))), 'image/png');
  });
}

/** Any image blob drawn again as PNG (the clipboard takes PNG only). */
export async function pngBlobOf(blob: Blob): Promise<Blob> {
  const url = URL.createObjectURL(blob);
  try {
    const img = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth || 512;
    canvas.height = img.naturalHeight || 512;
    canvas.getContext('2d')?.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(t('qrDrawFailed')))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file name for a QR image: "qr-<code>" with only safe characters. */
export function qrFileBase(code: string): string {
  const safe = code
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
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
  svg(text: string, style: QrStyle): Promise<string>;
  copyPng(text: string, style: QrStyle): Promise<void>;
  downloadPng(text: string, fileName: string, style: QrStyle): Promise<void>;
  downloadSvg(text: string, fileName: string, style: QrStyle): Promise<void>;
}

/** The real actions: clipboard and file downloads from the page. */
export const defaultQrActions: QrActions = {
  svg: qrSvg,
  async copyPng(text, style) {
    const blob = await qrPngBlob(text, style);
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  },
  async downloadPng(text, fileName, style) {
    downloadBlob(await qrPngBlob(text, style), fileName);
  },
  async downloadSvg(text, fileName, style) {
    downloadBlob(new Blob([await qrSvg(text, style)], { type: 'image/svg+xml' }), fileName);
  },
};
