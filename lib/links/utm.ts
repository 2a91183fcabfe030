/**
 * UTM parameters added to a long URL. Works on the raw text, like cleanUrl: the address's own
 * query (order, repeated keys, encodings), its host and its `#fragment` stay exactly as written;
 * each value is encoded once and appended after the query, before the fragment.
 */
import { MAX_URL_LENGTH } from '@/lib/api/constants';

/** The five UTM fields, in the order they are added. */
export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
/** One of them. */
export type UtmField = (typeof UTM_FIELDS)[number];
/** Values of the UTM fields (empty or missing: not added). */
export type UtmValues = Partial<Record<UtmField, string>>;

/** The address with its UTM parameters, and whether they were left out because it would be too long. */
export interface WithUtm {
  url: string;
  /** The parameter names added (`utm_source`…). */
  added: string[];
  /** The address's own `utm_*` (as written) that a value took the place of. */
  replaced: string[];
  /** Adding them would pass the service's length limit: `url` is the address without them. */
  tooLong: boolean;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Whether any UTM value is set. */
export function hasUtm(values: UtmValues): boolean {
  return UTM_FIELDS.some((f) => (values[f] ?? '').trim() !== '');
}

/** The UTM values as they are sent (`utm_campaign=autumn%20sale%20%26%20more`): a value's `&` or `=` never reads as another parameter. */
export function utmQuery(values: UtmValues): string {
  return UTM_FIELDS.filter((f) => (values[f] ?? '').trim() !== '')
    .map((f) => `utm_${f}=${encodeURIComponent(values[f]!.trim())}`)
    .join('&');
}

/**
 * Adds the UTM values to a web address so that what the fields show is what is sent: a `utm_*`
 * already in the address under a name a value is given for is replaced (also after "Keep them",
 * which keeps the others). An address that is not http(s), or nothing to add, comes back as it was.
 */
export function addUtm(url: string, values: UtmValues, opts: { max?: number } = {}): WithUtm {
  const unchanged = { url, added: [], replaced: [], tooLong: false };
  if (!/^https?:\/\//i.test(url) || !hasUtm(values)) return unchanged;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const pieces =
    queryAt === -1
      ? []
      : beforeHash
          .slice(queryAt + 1)
          .split('&')
          .filter(Boolean);
  const names = pieces.map((p) => decodeName(p.includes('=') ? p.slice(0, p.indexOf('=')) : p));
  const kept: string[] = [];
  const added: string[] = [];
  const replaced: string[] = [];
  const adding = UTM_FIELDS.filter((f) => (values[f] ?? '').trim() !== '').map((f) => `utm_${f}`);
  pieces.forEach((piece, i) => {
    // One value per name: the one being added takes its place at the end.
    if (!adding.includes(names[i]!)) kept.push(piece);
    else if (!replaced.includes(names[i]!)) replaced.push(names[i]!);
  });
  for (const f of UTM_FIELDS) {
    const value = (values[f] ?? '').trim();
    if (!value) continue;
    kept.push(`utm_${f}=${encodeURIComponent(value)}`);
    added.push(`utm_${f}`);
  }
  const out = `${base}?${kept.join('&')}${hash}`;
  if (out.length > (opts.max ?? MAX_URL_LENGTH)) return { ...unchanged, tooLong: true };
  return { url: out, added, replaced, tooLong: false };
}
