/** Branded domain routes: list, add, update, delete. */
import { HttpError } from '../http';
import type { DomainRecord } from '../state';
import { optionalUrl, pathId, requiredUrl } from '../validate';
import { findOr404, listReply, newestFirst, ok, route, withExtra, type Route } from './router';

/** A domain as the API serves it. */
export function domainJson(d: DomainRecord): Record<string, unknown> {
  return withExtra({ id: d.id, domain: d.domain, redirectroot: d.redirectroot, redirect404: d.redirect404 }, d.extra);
}

/**
 * Domain routes. Adding checks the URL, refuses duplicates (any account), and refuses hosts
 * ending in `.invalid` with "does not point to our servers" (to exercise that error path).
 */
export const domainRoutes: Route[] = [
  route('GET', '/api/domains', ({ data, query }) => listReply(newestFirst(data.domains).map(domainJson), query, 'domains')),
  route('POST', '/api/domain/add', ({ data, state, body }) => {
    const domain = requiredUrl(body, 'domain').replace(/\/+$/, '');
    const redirectroot = optionalUrl(body, 'redirectroot') ?? '';
    const redirect404 = optionalUrl(body, 'redirect404') ?? '';
    const host = new URL(domain).hostname.toLowerCase();
    if (host.endsWith('.invalid')) throw new HttpError(400, 'The domain does not point to our servers yet.');
    const taken = state.keys().some((k) => state.forKey(k).domains.some((d) => new URL(d.domain).hostname.toLowerCase() === host));
    if (taken) throw new HttpError(400, 'This domain is already in use.');
    const id = state.nextId('domain');
    data.domains.push({ id, domain, redirectroot, redirect404 });
    return { body: { error: 0, id } };
  }),
  route('PUT', '/api/domain/:id/update', ({ data, params, body }) => {
    const d = findOr404(data.domains, pathId(params.id, 'Domain'), 'Domain');
    const redirectroot = optionalUrl(body, 'redirectroot');
    const redirect404 = optionalUrl(body, 'redirect404');
    if (redirectroot !== undefined) d.redirectroot = redirectroot;
    if (redirect404 !== undefined) d.redirect404 = redirect404;
    return ok('Domain has been updated successfully.');
  }),
  route('DELETE', '/api/domain/:id/delete', ({ data, params }) => {
    const d = findOr404(data.domains, pathId(params.id, 'Domain'), 'Domain');
    data.domains.splice(data.domains.indexOf(d), 1);
    return ok('Domain has been deleted successfully.');
  }),
];
