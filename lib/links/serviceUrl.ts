/** Hosts that are this machine: plain http to them never leaves the computer. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Why a service URL is refused; the pages word it (lib/i18n/errorText.ts). */
export type ServiceUrlProblem = 'required' | 'not-full' | 'http' | 'http-host' | 'credentials' | 'not-http';

export type ServiceUrlCheck = { ok: true; url: string; origin: string; loopback: boolean } | { ok: false; problem: ServiceUrlProblem };

/**
 * Checks and normalises a service URL: https anywhere, http only to a loopback host the manifest
 * grants (over plain http to another host the API key would travel in clear text).
 */
export function checkServiceUrl(input: string): ServiceUrlCheck {
  const raw = input.trim();
  if (!raw) return { ok: false, problem: 'required' };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, problem: 'not-full' };
  }
  const loopback = isLoopbackHost(u.hostname);
  if (u.protocol === 'http:' && !loopback) return { ok: false, problem: 'http' };
  // Plain http reaches only the loopback hosts the manifest grants: the browser cannot grant
  // another (app.localhost, 127.0.0.2) later, so it is refused before anything is asked.
  if (u.protocol === 'http:' && !isGrantedInManifest(u.origin)) return { ok: false, problem: 'http-host' };
  if (u.username || u.password) return { ok: false, problem: 'credentials' };
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, problem: 'not-http' };
  u.search = '';
  u.hash = '';
  const url = u.href.replace(/\/+$/, '');
  return { ok: true, url, origin: u.origin, loopback };
}

/**
 * The host permission pattern for a service origin. Match patterns leave the port out
 * (a pattern without a port matches every port, in Chrome and Firefox alike).
 */
export function permissionPattern(origin: string): string {
  const u = new URL(origin);
  return `${u.protocol}//${u.hostname}/*`;
}

/**
 * Loopback hosts the manifest grants over http (the sandbox and services self-hosted on this
 * machine), written as URL hostnames (IPv6 in brackets); wxt.config.ts builds the manifest from
 * this list. Chrome and Firefox both take `http://[::1]/*` as a host permission.
 */
export const MANIFEST_LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The manifest's host permissions for the loopback hosts: granted at install, never asked. */
export const MANIFEST_HOST_PERMISSIONS = MANIFEST_LOOPBACK_HOSTS.map((h) => `http://${h}/*`);

/** Whether the manifest already grants an origin, so that no permission needs to be asked. */
export function isGrantedInManifest(origin: string): boolean {
  const u = new URL(origin);
  return u.protocol === 'http:' && (MANIFEST_LOOPBACK_HOSTS as readonly string[]).includes(u.hostname);
}
