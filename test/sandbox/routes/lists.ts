/** Read-only list routes: CTA overlays and custom splash pages. */
import type { OverlayRecord, SplashRecord } from '../state';
import { listReply, newestFirst, route, withExtra, type Route } from './router';

/** A CTA overlay as the API serves it. */
export function overlayJson(o: OverlayRecord): Record<string, unknown> {
  return withExtra({ id: o.id, type: o.type, name: o.name, date: o.date }, o.extra);
}

/** A splash page as the API serves it. */
export function splashJson(s: SplashRecord): Record<string, unknown> {
  return withExtra({ id: s.id, name: s.name, date: s.date }, s.extra);
}

/** GET /api/overlay (array `cta`) and GET /api/splash (array `splash`). */
export const listRoutes: Route[] = [
  route('GET', '/api/overlay', ({ data, query }) => listReply(newestFirst(data.overlays).map(overlayJson), query, 'cta')),
  route('GET', '/api/splash', ({ data, query }) => listReply(newestFirst(data.splash).map(splashJson), query, 'splash')),
];
