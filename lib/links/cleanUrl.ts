/**
 * Removes tracking parameters from a web address before it is shortened. Works on the raw
 * text of the query, not through URLSearchParams: every kept parameter keeps its exact
 * spelling (encoding, `+`, order, repeated keys), and the host and `#fragment` are untouched.
 */
import { isTrackingParam } from './trackingParams';

/** The cleaned address and the names of the parameters removed (each once, as written). */
export interface Cleaned {
  url: string;
  removed: string[];
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Cleans one address; one that is not http(s) or has nothing to remove comes back as it was. */
export function cleanUrl(url: string): Cleaned {
  const unchanged = { url, removed: [] };
  if (!/^https?:\/\//i.test(url)) return unchanged;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return unchanged;
  const base = beforeHash.slice(0, queryAt);
  const pieces = beforeHash.slice(queryAt + 1).split('&');
  const kept: string[] = [];
  const removed: string[] = [];
  for (const piece of pieces) {
    const eq = piece.indexOf('=');
    const name = decodeName(eq === -1 ? piece : piece.slice(0, eq));
    if (piece && isTrackingParam(name)) {
      if (!removed.includes(name)) removed.push(name);
    } else if (piece) kept.push(piece);
  }
  if (removed.length === 0) return unchanged;
  return { url: base + (kept.length ? `?${kept.join('&')}` : '') + hash, removed };
}
