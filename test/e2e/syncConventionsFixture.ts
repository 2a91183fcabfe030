/**
 * What the two-install sync tests of both browsers share (test/e2e/syncTwoInstalls.test.ts and
 * test/e2e-firefox/syncTwoInstalls.test.ts): the second install's key, the presets and the long
 * list of rules they import, how an install's conventions and a sync area's record are read.
 */
import type { Browser } from 'wxt/browser';
import type { Area } from './syncRelay';

declare const chrome: typeof Browser;

/** The second install's key, of the same account as the sandbox's. */
export const SECOND_KEY = 'second-install-key-4567';
export const BLOG = 'example.com/blog/';
export const NEWS = { id: 'news', name: 'News', source: 'newsletter', medium: 'email', campaign: '', term: '', content: '' };
/** Enough rules for the synced record to take more than one item of the area. */
export const LONG_LIST = 90;

/** LONG_LIST rules, each naming the News preset. */
export const longRules = () =>
  Array.from({ length: LONG_LIST }, (_, i) => ({
    id: `r${i}`,
    site: `example.com/archive/2026/11/a-rather-long-article-title-number-${i}/`,
    domainId: null,
    campaignId: null,
    channelId: null,
    presetId: 'news',
  }));

/** An install's conventions as the test compares them. */
export interface Conventions {
  presets: { id: string; name: string; source: string }[];
  rules: { id: string; site: string }[];
  style: { foreground: string; background: string } | null;
}

/**
 * Run in an extension context (a worker or a page of either browser): what the install keeps of
 * the account's conventions in its storage.local, under its own fingerprint.
 */
export async function readConventions(): Promise<Conventions & { fp: string }> {
  const api = (globalThis as unknown as { browser?: typeof Browser }).browser ?? chrome;
  const local = await api.storage.local.get(['connectionState', 'linkRules', 'qrStyles']);
  const fp = (local.connectionState as { fingerprint?: string } | undefined)?.fingerprint ?? '';
  const rules = (local.linkRules as Record<string, Conventions> | undefined)?.[fp];
  const style = (local.qrStyles as Record<string, Conventions['style']> | undefined)?.[fp];
  return {
    fp,
    presets: rules?.presets ?? [],
    rules: rules?.rules ?? [],
    style: style ? { foreground: style.foreground, background: style.background } : null,
  };
}

/** An area as text, its keys in order (the browser lists them in its own order). */
export const sortedArea = (area: Area) => JSON.stringify(Object.entries(area).sort(([x], [y]) => x.localeCompare(y)));

/** The keys of the account's record in an area: its head and the parts the head counts. */
export function recordKeys(area: Area): string[] {
  const head = Object.keys(area).find((k) => /^ls\.[0-9a-f]{16}$/.test(k));
  if (!head) return [];
  const { n } = area[head] as { n: number };
  return [head, ...Array.from({ length: n }, (_, i) => `${head}.${i}`)].sort();
}
