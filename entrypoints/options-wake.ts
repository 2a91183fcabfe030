/**
 * The options page's first act: a classic script in its head, run while the page is parsed and
 * before its module graph is even fetched. Its port wakes a stopped worker, which starts loading
 * the account and every list while the page's modules load and React draws it, then closes it
 * (lib/messaging/popupPort.ts, OPTIONS_PORT); the page's own questions share those loads.
 */
import type { OPTIONS_PORT } from '@/lib/messaging/popupPort';

type Connect = { runtime: { connect(info: { name: string }): unknown } };

export default defineUnlistedScript(() => {
  // The browser's own object, not the polyfill: this script stays a few hundred bytes.
  const api = (globalThis as { browser?: Connect; chrome?: Connect }).browser ?? (globalThis as { chrome?: Connect }).chrome;
  try {
    api?.runtime.connect({ name: 'options' satisfies typeof OPTIONS_PORT });
  } catch {
    // no worker to wake (a test's page without one): the page asks as usual
  }
});
