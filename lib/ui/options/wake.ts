/**
 * The options page's first act, evaluated before React and the page's modules (main.tsx imports
 * it first): a port that wakes a stopped worker, which starts loading the account and every list
 * while the page is set up and drawn (lib/messaging/popupPort.ts, OPTIONS_PORT). The worker
 * closes it; the page's own questions then share those loads.
 */
import { browser } from 'wxt/browser';
import { OPTIONS_PORT } from '@/lib/messaging/popupPort';

try {
  browser.runtime.connect({ name: OPTIONS_PORT });
} catch {
  // no worker to wake (a test's page without one): the page asks as usual
}
