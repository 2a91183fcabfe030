// Delete in Recent links with two accounts on one service, the worker's service against the
// sandbox over real HTTP: a link kept without the account it was made with (as earlier versions
// kept them) is deleted on the service only while its service has one account saved here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { addToHistory, removeFromHistory } from '@/lib/background/history';
import { errorSentence } from '@/lib/i18n/errorText';
import type { HistoryEntry } from '@/lib/storage';
import { makeService } from './makeService';

const OTHER_KEY = 'other-account-key-0123456789';
let sb: Sandbox;

beforeEach(async () => {
  fakeBrowser.reset();
  sb = await startSandbox({ port: 0, plan: 'pro', extraKeys: [{ key: OTHER_KEY, plan: 'pro' }] });
});
afterEach(() => sb.close());

/** The first account connected, one link made there and kept without its account. */
async function legacyLink() {
  const { service } = makeService();
  await service.connection.saveConnection({ serviceUrl: sb.url, apiKey: sb.key });
  const out = await service.shortening.shorten({ url: 'https://example.org/legacy', domainId: null, campaignId: null });
  if (out.status !== 'done') throw new Error('not done');
  const { account: _account, ...kept } = (await removeFromHistory(out.entry.id)) as HistoryEntry;
  await addToHistory(kept);
  const link = () => sb.state.forKey(sb.key).links.find((l) => l.id === out.entry.linkId);
  return { service, id: out.entry.id, link };
}

const deletes = () => sb.log.filter((l) => l.path === '/api/delete-link');

describe('Delete of a link kept without its account', () => {
  it('one account of its service saved: deleted on the service', async () => {
    const { service, id, link } = await legacyLink();
    await service.recent.deleteHistoryEntry({ id, remote: true });
    expect(link()?.deleted).toBe(true);
  });

  it('two accounts of its service saved: refused with the reason, nothing sent, the link kept on the service and in Recent links', async () => {
    const { service, id, link } = await legacyLink();
    await service.accounts.addConnection({ name: 'Second', serviceUrl: sb.url, apiKey: OTHER_KEY });
    expect((await service.recent.getHistory()).map((e) => e.id)).toContain(id);
    const error = await service.recent.deleteHistoryEntry({ id, remote: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'account-unknown' });
    expect(errorSentence(error, 'popup')).toMatch(/^This link was kept without the account it was made with/);
    expect(deletes()).toEqual([]);
    expect(link()?.deleted).toBeFalsy();
    expect((await service.recent.getHistory()).map((e) => e.id)).toContain(id);
    // Removing it from Recent links only is still possible.
    expect((await service.recent.deleteHistoryEntry({ id, remote: false })).map((e) => e.id)).not.toContain(id);
  });
});
