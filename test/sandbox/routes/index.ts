/** Every API route of the sandbox, and the group of an /api path. */
import { accountRoutes } from './account';
import { campaignRoutes } from './campaigns';
import { channelRoutes } from './channels';
import { domainRoutes } from './domains';
import { listRoutes } from './lists';
import { pixelRoutes } from './pixels';
import { qrRoutes } from './qr';
import type { Route } from './router';
import { shortenRoutes } from './shorten';

/** All routes of the main and shortening groups. */
export const apiRoutes: readonly Route[] = [
  ...accountRoutes,
  ...domainRoutes,
  ...listRoutes,
  ...campaignRoutes,
  ...channelRoutes,
  ...pixelRoutes,
  ...qrRoutes,
  ...shortenRoutes,
];

/** The group of a path: 'shorten' for /api/shorten and /api/delete-link, 'main' for other /api paths, else 'page'. */
export function groupOfPath(path: string): 'main' | 'shorten' | 'page' {
  if (/^\/api\/(shorten|delete-link)\/?$/.test(path)) return 'shorten';
  if (path === '/api' || path.startsWith('/api/')) return 'main';
  return 'page';
}
