/**
 * Tracked QR codes: the service's own QR code of a short link (POST /api/qr/add, type `link`),
 * kept per account with its scans. One made while the main rate budget is spent is stored as
 * waiting before anything is sent and sent when the budget allows, also after a restart
 * (docs/ARCHITECTURE.md, "QR styles").
 */
import { ApiError, fetchAllPages, fetchImage, toApiError, type FetchedImage } from '@/lib/api';
import { rgbText } from '@/lib/qr/style';
import { trackedQrsItem, type TrackedQr } from '@/lib/storage';
import { styleOf } from './qrStyles';
import { CHANGE_RETRY, withRetry } from './retry';
import type { Session, SessionHolder } from './session';

/** Scans are read again at most this often (one GET /api/qr, every page, at background priority). */
export const SCANS_EVERY_MS = 60_000;

export interface TrackedQrDeps {
  sessions: SessionHolder;
  now: () => number;
  wakeAt: (at: number) => void;
  fetch: typeof fetch;
}

/** A failure after which the request surely did not reach the service. */
const notSent = (e: ApiError) =>
  e.reason === 'connection-changed' || e.reason === 'account-changed' || e.kind === 'network' || e.kind === 'rate-limited';

/** The tracked QR messages of the current connection. */
export function createTrackedQrs({ sessions, now, wakeAt, fetch }: TrackedQrDeps) {
  /** Sends in flight, by account and short link: a second press or a resume joins it. */
  const sending = new Map<string, Promise<TrackedQr>>();
  let scansRead: Promise<unknown> | null = null;

  /** Changes one account's entries in one write. */
  async function update(fingerprint: string, change: (mine: Record<string, TrackedQr>) => void): Promise<Record<string, TrackedQr>> {
    const all = { ...(await trackedQrsItem.getValue()) };
    const mine = { ...(all[fingerprint] ?? {}) };
    change(mine);
    all[fingerprint] = mine;
    await trackedQrsItem.setValue(all);
    return mine;
  }

  /** Sends a stored entry (once at a time) and stores what the service made; a failure drops it, its reason kept. */
  function send(s: Session, entry: TrackedQr): Promise<TrackedQr> {
    const key = `${s.fingerprint}\n${entry.shortUrl}`;
    const running = sending.get(key);
    if (running) return running;
    const args = { type: 'link' as const, data: entry.shortUrl, foreground: entry.foreground, background: entry.background };
    const run = (async () => {
      try {
        const made = await withRetry(() => s.client.interactive.addQr(args), { policy: CHANGE_RETRY });
        const done: TrackedQr = {
          ...entry,
          state: 'made',
          id: made.id,
          link: made.link ?? undefined,
          scans: 0,
          scansAt: now(),
          sendAt: undefined,
        };
        await update(s.fingerprint, (mine) => void (mine[entry.shortUrl] = done));
        return done;
      } catch (e) {
        const error = toApiError(e);
        // Not sent (the session ended, no answer, the budget): kept, sent again on the next start or alarm.
        // Anything else may have been applied or will be refused again: dropped, the page told why.
        if (!notSent(error)) await update(s.fingerprint, (mine) => void delete mine[entry.shortUrl]);
        throw error;
      } finally {
        sending.delete(key);
      }
    })();
    sending.set(key, run);
    return run;
  }

  /** Reads the scans of the account's QR codes when the last read is a minute old. */
  async function refreshScans(s: Session, mine: Record<string, TrackedQr>): Promise<Record<string, TrackedQr>> {
    const made = Object.values(mine).filter((q) => q.state === 'made');
    const oldest = Math.min(...made.map((q) => q.scansAt ?? 0));
    if (made.length === 0 || now() - oldest < SCANS_EVERY_MS) return mine;
    scansRead ??= withRetry(() => fetchAllPages((p) => s.client.background.listQrs(p))).finally(() => (scansRead = null));
    const list = (await scansRead) as { id: number; scans: number }[];
    const at = now();
    return update(s.fingerprint, (latest) => {
      for (const q of Object.values(latest)) {
        const found = list.find((item) => item.id === q.id);
        if (q.state === 'made' && found) latest[q.shortUrl] = { ...q, scans: found.scans, scansAt: at };
      }
    });
  }

  return {
    /** Makes the service's QR code of a short link in the account's colours (a local logo is not sent: the service takes a logo only as a web address). */
    async makeTrackedQr(data: { shortUrl: string }): Promise<TrackedQr> {
      const s = await sessions.require();
      const shortUrl = typeof data?.shortUrl === 'string' ? data.shortUrl : '';
      if (!/^https?:\/\//i.test(shortUrl))
        throw new ApiError({ kind: 'invalid-input', field: 'data', message: 'data must be a web address' });
      const existing = (await trackedQrsItem.getValue())[s.fingerprint]?.[shortUrl];
      if (existing?.state === 'made') return existing;
      if (existing?.state === 'waiting') return existing;
      const style = await styleOf(sessions);
      const sendAt = s.gate.budgets.estimateSendAt('main', 0);
      const entry: TrackedQr = {
        shortUrl,
        state: 'waiting',
        foreground: rgbText(style.foreground),
        background: rgbText(style.background),
        createdAt: now(),
        sendAt,
      };
      // Stored before it is sent: a worker stopped meanwhile sends it on its next start.
      await update(s.fingerprint, (mine) => void (mine[shortUrl] = entry));
      if (sendAt > now()) {
        wakeAt(sendAt);
        send(s, entry).catch(() => undefined);
        return entry;
      }
      return send(s, entry);
    },

    /** Waits for a waiting tracked QR code to be made (or its failure). */
    async waitTrackedQr(data: { shortUrl: string }): Promise<TrackedQr> {
      const s = await sessions.require();
      const entry = (await trackedQrsItem.getValue())[s.fingerprint]?.[data?.shortUrl];
      if (!entry) throw new ApiError({ kind: 'not-found', reason: 'history-gone', message: 'No such tracked QR code.' });
      return entry.state === 'made' ? entry : send(s, entry);
    },

    /** The account's tracked QR codes by short link; `refresh` reads their scans when the last read is a minute old. */
    async getTrackedQrs(data: { refresh?: boolean }): Promise<Record<string, TrackedQr>> {
      const s = await sessions.get();
      if (!s || !s.connection.apiKey) return {};
      const mine = (await trackedQrsItem.getValue())[s.fingerprint] ?? {};
      return data?.refresh ? refreshScans(s, mine) : mine;
    },

    /** The service's image of a made tracked QR code, for the page to copy or download. */
    async getTrackedQrImage(data: { shortUrl: string }): Promise<FetchedImage> {
      const s = await sessions.require();
      const entry = (await trackedQrsItem.getValue())[s.fingerprint]?.[data?.shortUrl];
      if (!entry?.link) throw new ApiError({ kind: 'not-found', reason: 'history-gone', message: 'No such tracked QR code.' });
      return fetchImage(fetch, entry.link, new URL(s.connection.serviceUrl).origin);
    },

    /** Sends the account's waiting tracked QR codes (worker start, alarm). */
    async resumeTrackedQrs(): Promise<boolean> {
      const s = await sessions.get();
      if (!s || !s.connection.apiKey) return false;
      const waiting = Object.values((await trackedQrsItem.getValue())[s.fingerprint] ?? {}).filter((q) => q.state === 'waiting');
      for (const q of waiting) send(s, q).catch(() => undefined);
      return waiting.length > 0;
    },
  };
}
