/**
 * The press floor's popup: a Long URL field and Shorten; the press asks the worker, draws the
 * link in `#short-link`, copies it and says so in the status line. The same element names as the
 * project's popup, so the bench's press (test/bench/latencyPage.ts, pressOnce) times both alike.
 */
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

document.body.innerHTML = `<form class="shorten-form">
  <input id="long-url" type="url" aria-label="Long URL" />
  <button type="submit">Shorten</button>
</form>
<input id="short-link" readonly aria-label="Short link" />
<p role="status" class="status-line"></p>
<p id="popup-error" role="alert"></p>`;

const form = document.querySelector('form')!;
const longUrl = document.getElementById('long-url') as HTMLInputElement;
const shortLink = document.getElementById('short-link') as HTMLInputElement;
const status = document.querySelector('.status-line')!;
const error = document.getElementById('popup-error')!;

form.addEventListener('submit', (e) => {
  e.preventDefault();
  status.textContent = '';
  void (async () => {
    const answer = (await chrome.runtime.sendMessage({ shorten: longUrl.value })) as { link?: string; error?: string };
    if (!answer.link) {
      error.textContent = answer.error ?? 'no answer';
      return;
    }
    shortLink.value = answer.link;
    try {
      await navigator.clipboard.writeText(answer.link);
      status.textContent = 'Copied to clipboard';
    } catch (err) {
      error.textContent = `copy: ${String(err)}`;
    }
  })();
});
