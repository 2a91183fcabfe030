/**
 * Delete reaches only the account that made the link (Chromium): two accounts of one service, a
 * link made by the first, the second made current, then Undo in the link's notification. The
 * delete goes with the first account's key: its link is deleted on the service, and the second
 * account is never asked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { dispatch, evalInWorker, openOptions, until } from './harness';
import { withExtension } from './fixture';

declare const chrome: typeof Browser;

const SECOND_KEY = 'second-account-key-3333';

/** Sends one raw message of the protocol from an extension page; its answer (`{res}`). */
function send(page: Page, type: string, data?: unknown): Promise<{ res?: { ok: boolean; value?: unknown; error?: unknown } }> {
  return page.evaluate((m) => new Promise((resolve) => chrome.runtime.sendMessage(m, (answer: unknown) => resolve(answer as never))), {
    id: 1,
    type,
    data,
    timestamp: Date.now(),
  });
}

describe('Delete with two accounts of one service', () => {
  const ext = withExtension({ sandbox: { port: 0, plan: 'pro', seed: 'demo', extraKeys: [{ key: SECOND_KEY, plan: 'pro' }] } });

  it('Undo after a switch deletes the link on the account that made it, and asks the other nothing', async () => {
    const url = `${ext.sb.url}/page/made-by-first`;
    const page = await ext.h.context.newPage();
    await page.goto(url);
    await page.bringToFront();
    const tab = await until(
      () =>
        evalInWorker(
          ext.h,
          async (u) => (await chrome.tabs.query({ active: true, lastFocusedWindow: true })).find((t) => t.url === u),
          url,
        ),
      'the active tab',
    );
    await dispatch(ext.h, 'commands.onCommand', ['shorten-current-tab', tab]);
    const first = () => ext.sb.state.forKey(ext.sb.key).links.filter((l) => l.url === url && !l.deleted);
    await until(() => first().length === 1 || null, 'the link made by the first account');
    const undo = await until(
      async () =>
        Object.keys(await evalInWorker(ext.h, () => chrome.notifications.getAll(), undefined)).find((id) => id.startsWith('undo:')),
      'the notification with Undo',
    );

    // The second account of the same service becomes the current one.
    const options = await openOptions(ext.h);
    const added = await send(options, 'addConnection', { name: 'Second', serviceUrl: ext.sb.url, apiKey: SECOND_KEY });
    expect(added.res?.ok).toBe(true);
    await options.close();
    const deleteCount = () => ext.sb.log.filter((r) => r.method === 'DELETE').length;
    const deletesBefore = deleteCount();

    await dispatch(ext.h, 'notifications.onButtonClicked', [undo, 0]);
    await until(() => first().length === 0 || null, 'the link deleted on the first account');
    // One delete, answered: it went with the first account's key (the second has no such link).
    const deletes = ext.sb.log.filter((r) => r.method === 'DELETE').slice(deletesBefore);
    expect(deletes.map((r) => r.status)).toEqual([200]);
    await page.close();
  });
});
