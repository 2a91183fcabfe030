import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createQrStyles } from '@/lib/background/qrStyles';
import type { Session, SessionHolder } from '@/lib/background/session';
import { qrStylesItem } from '@/lib/storage';

const style = { foreground: '#1f3a93', background: '#ffffff', logo: null };

/** The worker's style messages with the account `fp-now` current. */
function styles() {
  const session = { fingerprint: 'fp-now', connection: { serviceUrl: 'https://short.example', apiKey: 'k' } } as unknown as Session;
  return createQrStyles({ get: async () => session, require: async () => session } as unknown as SessionHolder);
}

describe('a QR style kept for the account a page shows', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is refused when another account became current meanwhile, and nothing is kept', async () => {
    await expect(styles().saveQrStyle({ style, account: 'fp-before' })).rejects.toMatchObject({ reason: 'account-switched' });
    expect(await qrStylesItem.getValue()).toEqual({});
  });

  it('is kept on that account when it is still current (and when a page names none)', async () => {
    await styles().saveQrStyle({ style, account: 'fp-now' });
    expect((await qrStylesItem.getValue())['fp-now']).toEqual(style);
    await styles().saveQrStyle({ style: { ...style, foreground: '#000000' } });
    expect((await qrStylesItem.getValue())['fp-now']?.foreground).toBe('#000000');
  });
});
