/**
 * Static HTML pages of the sandbox (group 'page': no auth, no rate limit):
 *   GET /             landing page, title "Sandbox home"
 *   GET /page/:name   title "Test page <name>", links #link1..#link4 (+ #mailto, #relative)
 *   GET /clipboard    button #read puts navigator.clipboard.readText() into #out; #paste textarea
 *   GET /static       small fixed page (a load-time reference)
 *   GET /r/:slug      campaign rotator: 302 to the campaign's newest link, else a small page
 *   GET /c/:id        campaign list page       GET /bio/:slug  bio page
 *   GET /qr/:id       a placeholder SVG image (not a real QR code)
 *   GET /:short_code  302 to the long URL of a live link
 */
import { escapeHtml, HTML_TYPE } from './http';
import type { SandboxState } from './state';

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function html(title: string, body: string, status = 200): PageAnswer {
  const doc = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
  return { status, headers: { ...HTML_TYPE, 'Cache-Control': 'no-store' }, body: doc };
}

function redirect(location: string): PageAnswer {
  return { status: 302, headers: { Location: location, ...HTML_TYPE }, body: '' };
}

const notFound = (): PageAnswer => html('Not found', '<h1>Not found</h1>', 404);

function landing(state: SandboxState): PageAnswer {
  return html(
    'Sandbox home',
    `<h1>Sandbox home</h1>
<p>A local, in-memory link-management service for tests and demos. API base: <code>${escapeHtml(state.baseUrl)}/api</code></p>
<ul>
<li><a id="page-demo" href="/page/demo">Test page demo</a></li>
<li><a id="clipboard" href="/clipboard">Clipboard reader</a></li>
<li><a id="static" href="/static">Static page</a></li>
</ul>`,
  );
}

function testPage(name: string): PageAnswer {
  return html(
    `Test page ${name}`,
    `<h1>Test page ${escapeHtml(name)}</h1>
<p>Links to shorten from the context menu.</p>
<ul>
<li><a id="link1" href="https://example.org/article/1">Article one</a></li>
<li><a id="link2" href="https://example.org/article/2">Article two</a></li>
<li><a id="link3" href="https://example.org/search?q=hello%20world&amp;lang=en">Search with a query</a></li>
<li><a id="link4" href="https://example.com/very/long/path/with/many/segments/index.html#section-2">Long path with fragment</a></li>
<li><a id="relative" href="/page/other">Relative link</a></li>
<li><a id="mailto" href="mailto:someone@example.org">Email link</a></li>
</ul>`,
  );
}

const clipboardPage = (): PageAnswer =>
  html(
    'Clipboard reader',
    `<h1>Clipboard reader</h1>
<button id="read" type="button">Read clipboard</button>
<pre id="out"></pre>
<label for="paste">Paste here</label>
<textarea id="paste"></textarea>
<script>
document.getElementById('read').addEventListener('click', function () {
  var out = document.getElementById('out');
  navigator.clipboard.readText().then(function (t) { out.textContent = t; }, function (e) { out.textContent = 'ERROR: ' + e.message; });
});
</script>`,
  );

const staticPage = (): PageAnswer =>
  html('Static page', '<h1>Static page</h1><p id="static-text">A small page used as a load-time reference.</p>');

function qrSvg(id: number): PageAnswer {
  const cells: string[] = [];
  for (let y = 0; y < 21; y++)
    for (let x = 0; x < 21; x++)
      if ((x * 7 + y * 13 + id * 3 + x * y) % 3 === 0) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" width="210" height="210"><rect width="21" height="21" fill="#fff"/><g fill="#000">${cells.join('')}</g></svg>`;
  return { status: 200, headers: { 'Content-Type': 'image/svg+xml' }, body };
}

/** Answers a non-/api request. */
export function handlePage(state: SandboxState, method: string, path: string): PageAnswer {
  if (method !== 'GET' && method !== 'HEAD') return html('Method not allowed', '<h1>Method not allowed</h1>', 405);
  const seg = path
    .split('/')
    .slice(1)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const [first = '', second] = seg;
  if (path === '/') return landing(state);
  if (seg.length === 2 && first === 'page' && second) return testPage(second);
  if (path === '/clipboard') return clipboardPage();
  if (path === '/static') return staticPage();
  const accounts = state.keys().map((k) => state.forKey(k));
  if (seg.length === 2 && first === 'r' && second) {
    const found = state.findCampaignBySlug(second);
    if (!found) return notFound();
    const target = [...found.data.links].reverse().find((l) => l.campaign_id === found.campaign.id && !l.deleted);
    return target ? redirect(target.url) : html(`Rotator ${second}`, `<h1>${escapeHtml(found.campaign.name)}</h1><p>No links yet.</p>`);
  }
  if (seg.length === 2 && first === 'c' && second) {
    for (const data of accounts) {
      const c = data.campaigns.find((x) => String(x.id) === second);
      if (!c) continue;
      const items = data.links
        .filter((l) => l.campaign_id === c.id && !l.deleted)
        .map((l) => `<li><a href="${escapeHtml(l.short_url)}">${escapeHtml(l.url)}</a></li>`);
      return html(c.name, `<h1>${escapeHtml(c.name)}</h1><ul>${items.join('')}</ul>`);
    }
    return notFound();
  }
  if (seg.length === 2 && first === 'bio' && second) {
    const bio = accounts.flatMap((d) => d.bios).find((b) => b.slug === second);
    return bio ? html(bio.name, `<h1>${escapeHtml(bio.name)}</h1>`) : notFound();
  }
  if (seg.length === 2 && first === 'qr' && second && /^\d+$/.test(second)) {
    const exists = accounts.some((d) => d.qrs.some((q) => String(q.id) === second));
    return exists ? qrSvg(Number(second)) : notFound();
  }
  if (seg.length === 1 && /^[A-Za-z0-9_-]{3,32}$/.test(first)) {
    const link = state.findLinkByCode(first);
    if (link) return redirect(link.url);
  }
  return notFound();
}
