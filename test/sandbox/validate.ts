/** Input checks of the sandbox; each throws HttpError 400 with a message naming the field. */
import { HttpError } from './http';

type Body = Record<string, unknown>;

/** Message-carrying 400. */
function bad(message: string): never {
  throw new HttpError(400, message);
}

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(s: string): boolean {
  if (/\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for something shaped like an email address. */
export function isEmail(s: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(s);
}

/** True for a phone number (digits, spaces, + ( ) . -). */
export function isPhone(s: string): boolean {
  return /^\+?[0-9 ().-]{3,30}$/.test(s);
}

/** A required non-empty string member (trimmed), at most `max` characters. */
export function requiredString(body: Body, field: string, max = 255): string {
  const v = body[field];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) bad(`${field} is required.`);
  if (typeof v !== 'string') bad(`${field} must be a string.`);
  if (v.trim().length > max) bad(`${field} must be at most ${max} characters.`);
  return v.trim();
}

/** An optional string member (trimmed); undefined when absent or null. */
export function optionalString(body: Body, field: string, max = 1000): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') bad(`${field} must be a string.`);
  if (v.trim().length > max) bad(`${field} must be at most ${max} characters.`);
  return v.trim();
}

/** An optional boolean member; only true/false are accepted. */
export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') bad(`${field} must be true or false.`);
  return v;
}

/** A required http(s) URL member. */
export function requiredUrl(body: Body, field: string): string {
  const v = requiredString(body, field, 8192);
  if (!isHttpUrl(v)) bad(`${field} must be a valid URL starting with http:// or https://.`);
  return v;
}

/** An optional http(s) URL member; '' is allowed and means "none". */
export function optionalUrl(body: Body, field: string): string | undefined {
  const v = optionalString(body, field, 8192);
  if (v === undefined || v === '') return v;
  if (!isHttpUrl(v)) bad(`${field} must be a valid URL starting with http:// or https://.`);
  return v;
}

/** An optional colour member written #RRGGBB. */
export function optionalHexColor(body: Body, field: string): string | undefined {
  const v = optionalString(body, field, 7);
  if (v === undefined) return v;
  if (!/^#[0-9a-fA-F]{6}$/.test(v)) bad(`${field} must be a colour written #RRGGBB.`);
  return v;
}

/** An optional colour member written rgb(r,g,b), each 0..255. */
export function optionalRgbColor(body: Body, field: string): string | undefined {
  const v = optionalString(body, field, 32);
  if (v === undefined) return v;
  const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(v);
  if (!m || m.slice(1).some((n) => Number(n) > 255)) bad(`${field} must be a colour written rgb(r,g,b).`);
  return v;
}

/** A positive integer from a path segment; anything else → 404 "<what> not found." */
export function pathId(raw: string | undefined, what: string): number {
  const n = raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new HttpError(404, `${what} not found.`);
  return n;
}

/** An integer member (a number, or a string of digits); undefined when absent. */
export function optionalInt(body: Body, field: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) bad(`${field} must be an integer.`);
  return n;
}
