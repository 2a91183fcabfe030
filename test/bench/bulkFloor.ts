/**
 * The floor of the bulk page's run: the smallest thing that does the same job on the network,
 * timed the same way. A button on an extension page (same origin, same host access, same press:
 * Enter on the focused button, at the same offset in the window) sends one shorten, waits for its
 * answer, then the rest of the window's budget at once: no message to the worker, no storage, no
 * queue. What it takes is what the browser, the press and the sandbox take, not the extension.
 */
import { configureExtension, launchExtension, type ExtensionHarness } from '../e2e/harness';
import { startSandbox } from '../sandbox/server';
import { sleep } from './util';

export interface BulkFloorRun {
  /** Our requests' arrival at the sandbox, ms after the press. */
  requestsAtMs: number[];
}

/** One floor run in a fresh browser profile against a fresh sandbox. */
export async function bulkFloorRun(opts: { extensionDir?: string; limit: number; windowMs: number; startPhaseMs: number }): Promise<BulkFloorRun> {
  const { limit, windowMs } = opts;
  const sb = await startSandbox({ plan: 'pro', mainLimit: 100_000, shortenLimit: limit, shortenWindowMs: windowMs, rateWindow: 'aligned' });
  let h: ExtensionHarness | undefined;
  try {
    h = await launchExtension({ extensionDir: opts.extensionDir });
    await configureExtension(h, { serviceUrl: sb.url, apiKey: sb.key });
    const page = await h.context.newPage();
    await page.goto(h.url('bulk.html'));
    // A string, so that the bundler's helpers do not reach the page.
    await page.evaluate(`(() => {
      const url = ${JSON.stringify(sb.url)}, key = ${JSON.stringify(sb.key)}, rest = ${limit - 1};
      const b = document.createElement('button');
      b.textContent = 'Floor';
      document.body.prepend(b);
      const one = (i) => fetch(url + '/api/shorten', { method: 'POST', headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.org/bench/floor/' + Date.now() + '/' + i }) });
      b.addEventListener('click', async () => {
        await one(0);
        await Promise.all(Array.from({ length: rest }, (_, i) => one(i + 1)));
      });
    })()`);
    await page.getByRole('button', { name: 'Floor' }).focus();
    const boundary = (Math.floor(Date.now() / windowMs) + 1) * windowMs;
    await sleep(boundary + opts.startPhaseMs - Date.now());
    const logFrom = sb.log.length;
    const start = Date.now();
    await page.keyboard.press('Enter');
    const deadline = Date.now() + 5000;
    while (sb.log.slice(logFrom).filter((l) => l.group === 'shorten').length < limit && Date.now() < deadline) await sleep(20);
    return { requestsAtMs: sb.log.slice(logFrom).filter((l) => l.group === 'shorten').map((l) => l.at - start) };
  } finally {
    await h?.close();
    await sb.close();
  }
}
