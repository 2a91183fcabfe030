/**
 * The floor popup's Recent links, a chunk of its own loaded after the form's first render (as the
 * project's popup loads its later chunk): the stored head's newest ten links, or a sentence when
 * there are none. It imports nothing the first script has (no shared chunk to fetch first).
 */
import type { Browser } from 'wxt/browser';

declare const chrome: typeof Browser;

interface HeadEntry {
  shortUrl?: string;
  longUrl?: string;
}

/** Draws section.recent from `recentHead` (the shape the project's worker stores). */
export async function drawRecent(): Promise<void> {
  const head = (await chrome.storage.local.get('recentHead')).recentHead as { entries?: HeadEntry[] } | undefined;
  const section = document.createElement('section');
  section.className = 'recent';
  const h2 = document.createElement('h2');
  h2.textContent = 'Recent links';
  section.append(h2);
  const entries = (head?.entries ?? []).slice(0, 10);
  if (entries.length === 0) {
    const p = document.createElement('p');
    p.textContent = 'No links yet.';
    section.append(p);
  } else {
    const ul = document.createElement('ul');
    for (const e of entries) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = e.shortUrl ?? '';
      a.textContent = e.shortUrl ?? '';
      const long = document.createElement('span');
      long.textContent = e.longUrl ?? '';
      li.append(a, long);
      ul.append(li);
    }
    section.append(ul);
  }
  document.body.append(section);
}
