/**
 * The floor extension's service worker: answers one runtime message. `lists`: the three lists
 * of the popup, kept in the worker's memory once fetched (so a warm open makes no request, as
 * the project's popup with a warm cache; stopping the worker forgets them). `campaigns`: every
 * campaign, fetched each time. Each answer says when the worker's script started and when the
 * message arrived, on the epoch clock.
 */
import type { Browser } from 'wxt/browser';
import { epochNow, threeLists, wholeList } from './lists';

declare const chrome: typeof Browser;

const scriptAt = epochNow();
let lists: ReturnType<typeof threeLists> | undefined;

chrome.runtime.onMessage.addListener((message: unknown, _sender, send: (answer: unknown) => void) => {
  const receivedAt = epochNow();
  if (message === 'lists' && !lists) lists = threeLists().catch((err: unknown) => ((lists = undefined), Promise.reject(err)));
  const job = message === 'lists' ? lists : message === 'campaigns' ? wholeList('campaigns') : undefined;
  if (!job) return false;
  job.then(
    (value) => send({ value, scriptAt, receivedAt, answeredAt: epochNow() }),
    (err: unknown) => send({ error: String(err) }),
  );
  return true;
});
