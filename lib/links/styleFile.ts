/**
 * The QR style in the file of exported conventions (lib/links/rulesFile.ts): written as a policy
 * writes one (colours `#rrggbb`, the logo a data: URL), and read back member by member. A wrong
 * member is refused alone, with why, and the account keeps its own for it; the colours that
 * result must still be read by scanners, and a logo over the size limit is refused and said, not
 * dropped in silence (docs/ARCHITECTURE.md, "Site rules and UTM presets").
 */
import { checkQrStyle, logoOfDataUrl, type QrStyle, type StyleProblem } from '@/lib/qr/style';

/** The style as the file carries it. */
export interface FileStyle {
  foreground: string;
  background: string;
  /** The logo as a data: URL (PNG, JPEG or SVG, base64), or null for none. */
  logo: string | null;
}

/** What of the file's style is refused: a member (its problem), the colours together (scanners), or the whole (not a style). */
export type StyleRefusal =
  | { member: 'foreground' | 'background'; problem: { reason: 'colour' } }
  | { member: 'logo'; problem: Extract<StyleProblem, { reason: 'logo-type' | 'logo-size' }> }
  | { member: 'colours'; problem: Extract<StyleProblem, { reason: 'inverted' | 'contrast' }> }
  | { member: 'style'; problem: { reason: 'not-style' } };

/** What an import does to the account's style. */
export interface StylePlan {
  /** The style the account gets, or null when the file brings none (none in it, or nothing of it taken). */
  style: QrStyle | null;
  refused: StyleRefusal[];
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The account's style as the file writes it (the logo as its data: URL). */
export function fileStyleOf(style: QrStyle): FileStyle {
  return { foreground: style.foreground, background: style.background, logo: style.logo?.dataUrl ?? null };
}

/** One colour of the file: taken when written #rrggbb, absent when the file leaves it out, else refused. */
function colourOf(raw: Record<string, unknown>, member: 'foreground' | 'background', refused: StyleRefusal[]): string | undefined {
  if (!Object.hasOwn(raw, member) || raw[member] === undefined) return undefined;
  const v = raw[member];
  if (typeof v === 'string' && HEX.test(v)) return v.toLowerCase();
  refused.push({ member, problem: { reason: 'colour' } });
  return undefined;
}

/** The file's logo: null (none) and a valid data: URL are taken; absent leaves the account's; anything else is refused. */
function logoOf(raw: Record<string, unknown>, refused: StyleRefusal[]): QrStyle['logo'] | undefined {
  if (!Object.hasOwn(raw, 'logo') || raw.logo === undefined) return undefined;
  if (raw.logo === null) return null;
  const r = typeof raw.logo === 'string' ? logoOfDataUrl(raw.logo, 'imported') : null;
  if (r?.ok) return r.logo;
  const problem = r && !r.ok && r.problem.reason === 'logo-size' ? r.problem : ({ reason: 'logo-type' } as const);
  refused.push({ member: 'logo', problem });
  return undefined;
}

/**
 * How the file's style (`raw`, as read) lands on the account whose style is `current`: each
 * valid member replaces the account's, each wrong one is refused with why and the account's
 * stays; colours scanners would read badly are refused together.
 */
export function planStyle(raw: unknown, current: QrStyle): StylePlan {
  if (raw === undefined) return { style: null, refused: [] };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { style: null, refused: [{ member: 'style', problem: { reason: 'not-style' } }] };
  const r = raw as Record<string, unknown>;
  const refused: StyleRefusal[] = [];
  let foreground = colourOf(r, 'foreground', refused);
  let background = colourOf(r, 'background', refused);
  const logo = logoOf(r, refused);
  const colours = { foreground: foreground ?? current.foreground, background: background ?? current.background, logo: null };
  const problem = foreground || background ? checkQrStyle(colours) : null;
  if (problem && (problem.reason === 'inverted' || problem.reason === 'contrast')) {
    refused.push({ member: 'colours', problem });
    foreground = background = undefined;
  }
  if (foreground === undefined && background === undefined && logo === undefined) return { style: null, refused };
  return {
    style: {
      foreground: foreground ?? current.foreground,
      background: background ?? current.background,
      logo: logo === undefined ? current.logo : logo,
    },
    refused,
  };
}
