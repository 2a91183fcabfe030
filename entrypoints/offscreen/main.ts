// Chrome's offscreen document: the worker asks it to write the clipboard (workers have no DOM).
import { browser } from 'wxt/browser';
import { copyInDocument } from '@/entrypoints/offscreen/copy';

browser.runtime.onMessage.addListener((message: unknown) => {
  const m = message as { target?: string; type?: string; text?: unknown };
  if (m?.target !== 'offscreen' || m.type !== 'copy' || typeof m.text !== 'string') return undefined;
  return Promise.resolve(copyInDocument(document, m.text));
});
