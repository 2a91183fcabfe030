/**
 * The shortening group: POST /api/shorten and DELETE /api/delete-link (`success` envelope).
 * Shorten checks in order: url (http/https) → custom_code allowed (Pro only, 403) → its format
 * /^[A-Za-z0-9_-]{3,32}$/ → not taken or reserved → domain_id one of the account's own domains.
 */
import { HttpError } from '../http';
import type { DomainRecord } from '../state';
import { isHttpUrl, optionalInt, optionalString, requiredString } from '../validate';
import { unassignEverywhere } from './channels';
import { route, type Route } from './router';

/** Codes that would shadow the sandbox's own pages. */
const RESERVED_CODES = new Set(['api', 'page', 'clipboard', 'static', 'favicon.ico', 'bio', 'qr']);

/** Shortening-group routes. */
export const shortenRoutes: Route[] = [
  route('POST', '/api/shorten', ({ data, state, body }) => {
    const url = requiredString(body, 'url', 8192);
    if (!isHttpUrl(url)) throw new HttpError(400, 'url must be a valid URL starting with http:// or https://.');
    const code = optionalString(body, 'custom_code', 64) || undefined;
    if (code !== undefined) {
      if (data.account.status !== 'pro') throw new HttpError(403, 'Custom aliases are a Pro feature.');
      if (!/^[A-Za-z0-9_-]{3,32}$/.test(code)) {
        throw new HttpError(400, 'custom_code must be 3 to 32 letters, digits, - or _.');
      }
      if (RESERVED_CODES.has(code.toLowerCase()) || state.findLinkByCode(code, true)) {
        throw new HttpError(400, 'That alias is already taken. Please choose another one.');
      }
    }
    const domainId = optionalInt(body, 'domain_id');
    let domain: DomainRecord | undefined;
    if (domainId !== undefined) {
      domain = data.domains.find((d) => d.id !== null && d.id === domainId);
      if (!domain) throw new HttpError(400, 'domain_id is not one of your domains.');
    }
    const link = state.addLink(data, url, { ...(code ? { code } : {}), ...(domain ? { domain } : {}) });
    return { body: { success: true, short_url: link.short_url, short_code: link.short_code, id: link.id } };
  }),
  route('DELETE', '/api/delete-link', ({ data, body, query }) => {
    const id = optionalInt(body, 'link_id') ?? optionalInt({ link_id: query.get('link_id') ?? undefined }, 'link_id');
    if (id === undefined) throw new HttpError(400, 'link_id is required.');
    const link = data.links.find((l) => l.id === id && !l.deleted);
    if (!link) throw new HttpError(404, 'Link not found.');
    link.deleted = true;
    unassignEverywhere(data, 'links', link.id);
    return { body: { success: true, message: 'Link has been deleted successfully.' } };
  }),
];
