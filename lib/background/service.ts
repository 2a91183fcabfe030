/**
 * What the worker does for the pages, the context menu and the shortcut, wired from one
 * module per job: the connection, the account and lists, shortening (the job queue), the
 * recent links and the preferences. Every request goes through the session's gate (rate
 * budgets); shortens go through the persisted job queue.
 */
import { createAccounts } from './accounts';
import { createBulk } from './bulk';
import { createConnection } from './connection';
import { createLinkRules } from './linkRules';
import { createLists } from './lists';
import { createQrStyles } from './qrStyles';
import { createSyncConventions } from './syncConventions';
import { createRecentLinks } from './recentLinks';
import type { RetryPolicy } from './retry';
import type { WaitPolicy } from './waitPolicy';
import type { NotifyOptions } from './notify';
import { SessionHolder } from './session';
import { getSettings, saveSettings } from './settings';
import { createShortening } from './shortening';
import { createTrackedQrs } from './trackedQrs';
import { createStorageCheck } from './storedCheck';

export interface ServiceDeps {
  fetch: typeof fetch;
  now?: () => number;
  /** Writes the clipboard from the worker (offscreen document on Chrome); false when it could not. */
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
  /** Wakes the worker at `at` (alarms) for queued work. */
  wakeAt: (at: number) => void;
  /** Whether the extension may reach an origin (optional host permission). */
  hasHostPermission: (origin: string) => Promise<boolean>;
  timeoutMs?: number;
  /** Timeout of a change (shorten, create, update, delete); default CHANGE_TIMEOUT_MS. */
  changeTimeoutMs?: number;
  /** Retry limits (tests make them small). */
  retry?: RetryPolicy;
  maxJobAttempts?: number;
  /** How jobs wait for a service that cannot be reached (tests make the waits short). */
  waitPolicy?: WaitPolicy;
  /** How long a page waits for a shorten before it is told the link waits (tests make it short). */
  shortenWaitMs?: number;
}

/** Creates the worker's service: one named part per job of the worker, which the message handlers call. */
export function createService(deps: ServiceDeps) {
  const now = deps.now ?? Date.now;
  const sessions = new SessionHolder({ fetch: deps.fetch, now, timeoutMs: deps.timeoutMs, changeTimeoutMs: deps.changeTimeoutMs });
  const shortening = createShortening({ ...deps, sessions, now });
  const trackedQrs = createTrackedQrs({ sessions, now, wakeAt: deps.wakeAt, fetch: deps.fetch });
  const lists = createLists(sessions);
  const connection = createConnection({ sessions, hasHostPermission: deps.hasHostPermission });
  return {
    sessions,
    connection,
    accounts: createAccounts({
      sessions,
      jobs: shortening.jobs,
      hasHostPermission: deps.hasHostPermission,
      notify: deps.notify,
      forgetKey: connection.forgetKey,
    }),
    lists,
    shortening,
    bulk: createBulk({ sessions, jobs: shortening.jobs, now, notify: deps.notify }),
    recent: createRecentLinks(sessions),
    qrStyles: createQrStyles(sessions),
    trackedQrs,
    linkRules: createLinkRules(sessions),
    sync: createSyncConventions(sessions),
    settings: { getSettings, saveSettings },
    storedCheck: { takeStorageNotices: createStorageCheck() },
    /** A popup opened (its port, as its script starts): it follows jobs over it, and what its form needs starts loading now. */
    popupConnected(port: Parameters<typeof shortening.popupConnected>[0]): void {
      shortening.popupConnected(port);
      void lists.warm('popup').catch(() => undefined);
    },
    /** Resumes the queued links and the waiting tracked QR codes. */
    resume: async () => {
      await shortening.resume();
      await trackedQrs.resumeTrackedQrs();
    },
  };
}

export type Service = ReturnType<typeof createService>;
