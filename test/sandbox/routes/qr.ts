/**
 * QR code routes: list, read one with statistics, add, update, delete.
 *
 * `data` per `type` (the interface does not show it; this is the sandbox's choice, matching
 * the client's inputs):
 *   text  → string (1..2000 chars)      link  → http(s) URL string
 *   email → email string                phone → phone string (digits, spaces, + ( ) . -)
 *   sms   → { phone, message? } or a phone string
 *   wifi  → { ssid (required), password?, encryption?: 'WPA' | 'WEP' | 'nopass' }
 *   vcard → { name (required), phone?, email?, company?, url?, any other string members }
 * `background`/`foreground` are `rgb(r,g,b)`; `logo` is a path or http(s) URL ending in
 * .png/.jpg/.jpeg. An optional `name` (sandbox extension) names the code; else it is derived.
 * New codes have no statistics yet, so GET /api/qr/:id answers `data: []` for them.
 */
import { HttpError } from '../http';
import { QR_TYPES, timestamp, type QrData, type QrRecord, type QrStats, type QrType } from '../state';
import { isEmail, isHttpUrl, isPhone, optionalRgbColor, optionalString, pathId, requiredString } from '../validate';
import { unassignEverywhere } from './channels';
import { findOr404, listReply, newestFirst, ok, route, withExtra, type Route } from './router';

/** A QR code as listed (also the `details` of the single-QR answer). */
export function qrJson(q: QrRecord): Record<string, unknown> {
  return withExtra({ id: q.id, link: q.link, scans: q.scans, name: q.name, date: q.date }, q.extra);
}

function bad(message: string): never {
  throw new HttpError(400, message);
}

/** Reads `type`: required on add, optional on update. */
function readType(body: Record<string, unknown>, required: boolean): QrType | undefined {
  const raw = required ? requiredString(body, 'type', 16) : optionalString(body, 'type', 16);
  if (raw === undefined) return undefined;
  if (!QR_TYPES.includes(raw as QrType)) bad(`type must be one of: ${QR_TYPES.join(', ')}.`);
  return raw as QrType;
}

/** An object of string members, or a 400 naming `data`. */
function stringRecord(v: unknown): Record<string, string> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) bad('data must be an object for this type.');
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || x === null) continue;
    if (typeof x !== 'string') bad(`data.${k} must be a string.`);
    out[k] = x.trim();
  }
  return out;
}

/** Checks `data` against the layout of `type`. */
export function readQrData(type: QrType, v: unknown): QrData {
  if (v === undefined || v === null || v === '') bad('data is required.');
  const str = (): string => {
    if (typeof v !== 'string') bad('data must be a string for this type.');
    if (v.trim().length > 2000) bad('data must be at most 2000 characters.');
    return v.trim();
  };
  switch (type) {
    case 'text':
      return str();
    case 'link': {
      const s = str();
      if (!isHttpUrl(s)) bad('data must be a valid URL starting with http:// or https://.');
      return s;
    }
    case 'email': {
      const s = str();
      if (!isEmail(s)) bad('data must be an email address.');
      return s;
    }
    case 'phone': {
      const s = str();
      if (!isPhone(s)) bad('data must be a phone number.');
      return s;
    }
    case 'sms': {
      if (typeof v === 'string') {
        if (!isPhone(v.trim())) bad('data must be a phone number or { phone, message }.');
        return v.trim();
      }
      const o = stringRecord(v);
      if (!o.phone || !isPhone(o.phone)) bad('data.phone must be a phone number.');
      if ((o.message ?? '').length > 500) bad('data.message must be at most 500 characters.');
      return o;
    }
    case 'wifi': {
      const o = stringRecord(v);
      if (!o.ssid) bad('data.ssid is required.');
      if (o.ssid.length > 32) bad('data.ssid must be at most 32 characters.');
      if ((o.password ?? '').length > 63) bad('data.password must be at most 63 characters.');
      if (o.encryption !== undefined && !['WPA', 'WEP', 'nopass'].includes(o.encryption)) {
        bad('data.encryption must be WPA, WEP or nopass.');
      }
      return o;
    }
    case 'vcard': {
      const o = stringRecord(v);
      if (!o.name) bad('data.name is required.');
      if (o.email && !isEmail(o.email)) bad('data.email must be an email address.');
      if (o.phone && !isPhone(o.phone)) bad('data.phone must be a phone number.');
      if (o.url && !isHttpUrl(o.url)) bad('data.url must be a valid URL starting with http:// or https://.');
      return o;
    }
  }
}

/** Reads `logo`: a path or http(s) URL of a png or jpg image. */
function readLogo(body: Record<string, unknown>): string | undefined {
  const logo = optionalString(body, 'logo', 2048);
  if (logo === undefined || logo === '') return logo;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(logo);
  if (hasScheme && !isHttpUrl(logo)) bad('logo must be a path or an http(s) URL.');
  if (!/\.(png|jpe?g)([?#].*)?$/i.test(logo)) bad('logo must be a png or jpg image.');
  return logo;
}

function defaultName(type: QrType, data: QrData): string {
  const label = typeof data === 'string' ? data : (data.name ?? data.ssid ?? data.phone ?? '');
  return `${type.toUpperCase()} · ${label}`.slice(0, 80);
}

/** The statistics of a QR code nobody has scanned, as the interface shows them. */
const noStats = (): QrStats => ({
  clicks: 0,
  uniqueClicks: 0,
  topCountries: {},
  topReferrers: {},
  topBrowsers: {},
  topOs: {},
  socialCount: { facebook: 0, twitter: 0, linkedin: 0 },
});

/** QR routes. */
export const qrRoutes: Route[] = [
  route('GET', '/api/qr', ({ data, query }) => listReply(newestFirst(data.qrs).map(qrJson), query, 'qrs')),
  route('GET', '/api/qr/:id', ({ data, params, emptyQrStats }) => {
    const q = findOr404(data.qrs, pathId(params.id, 'QR code'), 'QR code');
    return { body: { error: 0, details: qrJson(q), data: q.stats ?? (emptyQrStats === 'array' ? [] : noStats()) } };
  }),
  route('POST', '/api/qr/add', ({ data, state, body }) => {
    const type = readType(body, true)!;
    const content = readQrData(type, body.data);
    const background = optionalRgbColor(body, 'background') ?? 'rgb(255,255,255)';
    const foreground = optionalRgbColor(body, 'foreground') ?? 'rgb(0,0,0)';
    const logo = readLogo(body) || null;
    const name = optionalString(body, 'name', 255) || defaultName(type, content);
    const id = state.nextId('qr');
    const link = `${state.baseUrl}/qr/${id}`;
    data.qrs.push({
      id,
      type,
      data: content,
      background,
      foreground,
      logo,
      name,
      link,
      scans: 0,
      date: timestamp(new Date()),
      stats: null,
    });
    return { body: { error: 0, id, link } };
  }),
  route('PUT', '/api/qr/:id/update', ({ data, params, body }) => {
    const q = findOr404(data.qrs, pathId(params.id, 'QR code'), 'QR code');
    const type = readType(body, false) ?? q.type;
    const content = readQrData(type, body.data);
    const background = optionalRgbColor(body, 'background');
    const foreground = optionalRgbColor(body, 'foreground');
    const logo = readLogo(body);
    q.type = type;
    q.data = content;
    if (background !== undefined) q.background = background;
    if (foreground !== undefined) q.foreground = foreground;
    if (logo !== undefined) q.logo = logo || null;
    return ok('QR has been updated successfully.');
  }),
  route('DELETE', '/api/qr/:id/delete', ({ data, params }) => {
    const q = findOr404(data.qrs, pathId(params.id, 'QR code'), 'QR code');
    data.qrs.splice(data.qrs.indexOf(q), 1);
    unassignEverywhere(data, 'qr', q.id);
    return ok('QR has been deleted successfully.');
  }),
];
