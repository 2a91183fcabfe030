/**
 * Site rules: which rule applies to a page. A rule's "Site" is a host (which also matches its
 * subdomains), optionally with a port and a path prefix (`example.com/blog/`). The most
 * specific matching rule wins: more host labels, then a longer path, then a port; a tie goes to
 * the rule listed first.
 */

/** A parsed "Site". */
export interface Site {
  host: string; // lower case, punycode
  port: string | null; // null: any port
  path: string; // '' or a prefix starting with '/'
}

/** What a rule needs for matching: its site text (other members are the caller's). */
export interface HasSite {
  site: string;
}

/** Reads a "Site" as typed (`example.com`, `*.example.com`, `https://example.com:8080/blog/`); null when it is not one. */
export function parseSite(text: string): Site | null {
  let s = text.trim();
  if (!s || /\s/.test(s)) return null;
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\*\./, '');
  const slash = s.search(/[/?#]/);
  const hostPort = slash === -1 ? s : s.slice(0, slash);
  const rest = slash === -1 ? '' : s.slice(slash);
  if (!hostPort || hostPort.includes('@')) return null;
  let u: URL;
  try {
    u = new URL(`http://${hostPort}/`);
  } catch {
    return null;
  }
  if (!u.hostname || /^\.|\.\.|\.$/.test(u.hostname)) return null;
  const portText = /:(\d+)$/.exec(hostPort)?.[1] ?? null;
  const path = rest.replace(/[?#].*$/, '');
  return { host: u.hostname, port: portText === null ? null : String(Number(portText)), path: path === '/' ? '' : path };
}

/** A site as it is shown ("Rule: example.com/blog/"). */
export function siteLabel(site: Site): string {
  return `${site.host}${site.port ? `:${site.port}` : ''}${site.path}`;
}

function pathMatches(prefix: string, pathname: string): boolean {
  if (!prefix) return true;
  if (prefix.endsWith('/')) return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether a site matches a page's address. */
export function siteMatches(site: Site, url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (host !== site.host && !host.endsWith(`.${site.host}`)) return false;
  if (site.port !== null) {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (port !== site.port) return false;
  }
  return pathMatches(site.path, url.pathname);
}

/** How specific a site is: host labels, then path length, then a port. */
function weight(site: Site): [number, number, number] {
  return [site.host.split('.').length, site.path.length, site.port === null ? 0 : 1];
}

function heavier(a: [number, number, number], b: [number, number, number]): boolean {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/** The most specific rule matching an address, with its site; null when none does (or the address is not a web page). */
export function matchRule<R extends HasSite>(rules: readonly R[], address: string | null | undefined): { rule: R; site: Site } | null {
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    return null;
  }
  let best: { rule: R; site: Site; w: [number, number, number] } | null = null;
  for (const rule of rules) {
    const site = parseSite(rule.site);
    if (!site || !siteMatches(site, url)) continue;
    const w = weight(site);
    if (!best || heavier(w, best.w)) best = { rule, site, w };
  }
  return best && { rule: best.rule, site: best.site };
}
