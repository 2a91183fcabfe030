/**
 * The QR style as the pages use it: asked of the worker (kept per account there), a picked
 * logo file read and checked, and a refused style worded in the user's language.
 */
import { ask, type ShownAccount } from '@/lib/messaging';
import { checkLogo, MAX_LOGO_BYTES, MIN_CONTRAST, sniffLogoType, type QrLogo, type QrStyle, type StyleProblem } from '@/lib/qr/style';
import { t } from '@/lib/i18n';
import { uiLanguage } from '@/lib/i18n/format';

/** The connected account's style. */
export const loadQrStyle = (): Promise<QrStyle> => ask('getQrStyle');
/** Keeps the account's style (null: the default) and answers the style now in force; `shown` names the account a page shows (refused when another is current). */
export const saveQrStyle = (style: QrStyle | null, shown: ShownAccount = {}): Promise<QrStyle> => ask('saveQrStyle', { style, ...shown });

const kB = (bytes: number) => String(Math.ceil(bytes / 1024));

/** The sentence saying why a style is refused. */
export function styleProblemText(problem: StyleProblem): string {
  switch (problem.reason) {
    case 'colour':
      return t('qrStyleBadColour', t(problem.field === 'foreground' ? 'qrStyleForeground' : 'qrStyleBackground'));
    case 'inverted':
      return t('qrStyleInverted');
    case 'contrast':
      return t(
        'qrStyleLowContrast',
        problem.ratio.toLocaleString(uiLanguage(), { minimumFractionDigits: 1 }),
        MIN_CONTRAST.toLocaleString(uiLanguage()),
      );
    case 'logo-type':
      return t('qrStyleLogoType');
    case 'logo-size':
      return t('qrStyleLogoSize', kB(problem.bytes), kB(MAX_LOGO_BYTES));
  }
}

/** The size limit of a logo in kB, for the field's hint. */
export const logoLimitKb = () => kB(MAX_LOGO_BYTES);

/** Reads a picked file as a logo: its type from its first bytes, refused when not PNG/JPEG/SVG or too large. */
export async function readLogoFile(file: File): Promise<{ ok: true; logo: QrLogo } | { ok: false; problem: StyleProblem }> {
  if (file.size > MAX_LOGO_BYTES) return { ok: false, problem: { reason: 'logo-size', bytes: file.size } };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffLogoType(bytes);
  if (!type) return { ok: false, problem: { reason: 'logo-type' } };
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const logo: QrLogo = { dataUrl: `data:${type};base64,${btoa(binary)}`, type, bytes: file.size, name: file.name.slice(0, 120) };
  const problem = checkLogo(logo);
  return problem ? { ok: false, problem } : { ok: true, logo };
}
