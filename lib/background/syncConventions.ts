/**
 * "Sync presets, rules and QR style": the worker keeps the connected account's UTM presets, site
 * rules and QR style colours in the browser's sync area (lib/storage/syncArea.ts), under a name
 * made of its service and account id (never the key), and merges what another browser wrote
 * there into this browser's (storage.local), which the pages follow. Saves here and changes
 * from elsewhere are reconciled together after a short quiet time, one sync write per batch
 * (docs/ARCHITECTURE.md, "Synced conventions").
 */
import type { Account } from '@/lib/api';
import { qrStylesItem } from '@/lib/storage';
import { readLinkRules } from '@/lib/storage/linkRules';
import {
  readSyncArea,
  repairRecord,
  syncPrefItem,
  syncShadowItem,
  writeSyncArea,
  type SyncShadow,
  type SyncStatus,
} from '@/lib/storage/syncArea';
import { canonical, conventionsOf, emptyRecord, mergeRecords, stampLocal, type SyncedStyle } from '@/lib/storage/syncRecord';
import { joinRecord, splitRecord, staleKeys, isAccountKey } from '@/lib/storage/syncSplit';
import { onConventionsSaved } from './conventionEvents';
import { writeAccountRules } from './linkRules';
import { serializer } from './serialize';
import type { Session, SessionHolder } from './session';

/** Quiet time after the last change before a batch is written (edits in a row make one write). */
export const SYNC_DELAY_MS = 1_500;
/** The least time between two batches: at most two calls (set, remove) each, within 120 writes a minute and 1,800 an hour. */
export const SYNC_GAP_MS = 4_000;

/** The name of an account in the sync area: a digest of its service and account id (the same in every browser, never the key). */
export async function syncNameOf(serviceUrl: string, accountId: number | string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${serviceUrl}\n${accountId}`));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The sync of the connected account's conventions. */
export function createSyncConventions(sessions: SessionHolder, deps: { now?: () => number; delayMs?: number; gapMs?: number } = {}) {
  const now = deps.now ?? Date.now;
  const turn = serializer();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastBatch = 0;

  async function accountOf(s: Session): Promise<string> {
    const account = await s.cache.get<Account>('account', (p) => s.client[p].getAccount());
    return syncNameOf(s.connection.serviceUrl, account.value.id);
  }

  /** This browser's and the sync area's record of the connected account, merged into both; the writes to the area are returned. */
  async function reconcile(): Promise<{ set: Record<string, unknown>; remove: string[] }> {
    const none = { set: {}, remove: [] };
    if (!(await syncPrefItem.getValue()).enabled) return none;
    const s = await sessions.get();
    if (!s) return none;
    const fp = s.fingerprint;
    const account = await accountOf(s);
    const shadows = await syncShadowItem.getValue();
    const before = shadows[fp]?.account === account ? shadows[fp].record : emptyRecord();
    const rules = await readLinkRules(fp);
    const stored = (await qrStylesItem.getValue())[fp];
    const style: SyncedStyle | null = stored ? { foreground: stored.foreground, background: stored.background } : null;
    const mine = stampLocal(before, { presets: rules.presets, rules: rules.rules, style }, now());
    const area = await readSyncArea();
    const remote = joinRecord(account, area);
    if (remote.state === 'partial') return none; // the rest of another browser's write is on its way: its own change event follows
    const theirs = remote.state === 'ok' ? repairRecord(remote.value) : null;
    const merged = theirs ? mergeRecords(mine, theirs, now()) : mine;
    const next = conventionsOf(merged);
    // This browser's copy: written only where it still holds what was read (a save meanwhile is reconciled next).
    if (canonical([next.presets, next.rules]) !== canonical([rules.presets, rules.rules])) {
      await writeAccountRules(fp, (cur) =>
        canonical([cur.presets, cur.rules]) === canonical([rules.presets, rules.rules])
          ? { ...cur, presets: next.presets, rules: next.rules }
          : cur,
      );
    }
    if (canonical(next.style) !== canonical(style)) {
      const all = { ...(await qrStylesItem.getValue()) };
      if (canonical(all[fp] ?? null) === canonical(stored ?? null)) {
        if (next.style) all[fp] = { ...next.style, logo: stored?.logo ?? null };
        else delete all[fp];
        await qrStylesItem.setValue(all);
      }
    }
    const changed = !theirs || canonical(theirs) !== canonical(merged);
    const items = changed ? splitRecord(account, merged) : null;
    const shadow: SyncShadow = { account, record: merged, tooLarge: changed && !items, logoKept: !!stored?.logo };
    // Written only when it changed: the pages follow this item, and a page's reads start a reconcile.
    if (canonical(shadows[fp] ?? null) !== canonical(shadow))
      await syncShadowItem.setValue({ ...(await syncShadowItem.getValue()), [fp]: shadow });
    if (!items) return none;
    // Only the chunks that differ from the area's are written; those no longer used are removed.
    const set = Object.fromEntries(Object.entries(items).filter(([k, v]) => canonical(area[k]) !== canonical(v)));
    return {
      set,
      remove: staleKeys(
        account,
        Object.keys(area).filter((k) => isAccountKey(account, k)),
        items,
      ),
    };
  }

  /** One batch: reconcile, then one write to the sync area. */
  const batch = () =>
    turn(async () => {
      lastBatch = now();
      const { set, remove } = await reconcile();
      await writeSyncArea(set, remove);
    });

  /** Reconciles after a quiet time (and not sooner than the gap after the last batch). */
  function soon(): void {
    if (timer) clearTimeout(timer);
    const wait = Math.max(deps.delayMs ?? SYNC_DELAY_MS, lastBatch + (deps.gapMs ?? SYNC_GAP_MS) - now());
    timer = setTimeout(() => {
      timer = null;
      void batch().catch(() => undefined);
    }, wait);
  }
  const unsubscribe = onConventionsSaved(() => soon());

  async function getSyncStatus(): Promise<SyncStatus> {
    const { enabled } = await syncPrefItem.getValue();
    const s = await sessions.get();
    const shadow = s ? (await syncShadowItem.getValue())[s.fingerprint] : undefined;
    const stored = s ? (await qrStylesItem.getValue())[s.fingerprint] : undefined;
    return { enabled, logoKept: enabled && !!stored?.logo, tooLarge: enabled && !!shadow?.tooLarge };
  }

  return {
    /** Another browser's change arrived (storage.onChanged, area sync), or the worker started: reconcile soon. */
    followSync: soon,
    /** Reconciles now (a test, the preference turned on); resolves once written. */
    syncNow: batch,
    /** Stops following saves (a test's worker that is done). */
    stopSync(): void {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },

    /** The preference and what could not be synced, for the options page. */
    getSyncStatus,

    /** Turns the sync on or off; turned on, this browser's conventions and the area's are merged at once. */
    async setSyncEnabled(data: { enabled: boolean }): Promise<SyncStatus> {
      await syncPrefItem.setValue({ enabled: data?.enabled === true });
      if (data?.enabled === true) await batch().catch(() => undefined);
      return getSyncStatus();
    },
  };
}
