/**
 * The floor of the bulk page's run: the smallest thing that does the same job on the network,
 * timed the same way. A button on an extension page (same origin, same host access, same press:
 * Enter on the focused button, at the same offset in the window) sends one shorten, waits for its
 * answer, then the rest of the window's budget at once: no message to the worker, no storage, no
 * queue. What it takes is what the browser, the press and the sandbox take, not the extension.
 */
import { onBulkPage, pressAtPhase } from './bulk';
import { sleep } from './util';

export interface BulkFloorRun {
  /** Our requests' arrival at the sandbox, ms after the press. */
  requestsAtMs: number[];
}

/** One floor run in a fresh browser profile against a fresh sandbox. */
export async function bulkFloorRun(opts: {
  extensionDir?: string;
  limit: number;
  windowMs: number;
  startPhaseMs: number;
}): Promise<BulkFloorRun> {
  const { limit, windowMs } = opts;
  return onBulkPage(opts, async (page, sb) => {
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
    const { start, logFrom } = await pressAtPhase(page, sb, windowMs, opts.startPhaseMs);
    const ours = () => sb.log.slice(logFrom).filter((l) => l.group === 'shorten');
    const deadline = Date.now() + 5000;
    while (ours().length < limit && Date.now() < deadline) await sleep(20);
    return { requestsAtMs: ours().map((l) => l.at - start) };
  });
}
