/**
 * Starts the worker: builds the service and registers every listener synchronously, as MV3
 * requires (listeners added later miss the event that woke the worker), then resumes the queue.
 */
import { browser } from '@wxt-dev/browser';
import { platformFetch } from '@/lib/api';
import { createService } from './service';
import { registerHandlers, registerPopupPort } from './handlers';
import { copyFromBackground } from './clipboard';
import { showNotification } from './notify';
import { createMenus, onCommand, onMenuClick } from './menus';
import { onOmniboxChanged, onOmniboxEntered, type OmniboxDeps } from './omnibox';
import { onNotificationButton } from './undo';
import { optionalApis } from './optionalApis';
import { permissionPattern } from '@/lib/links/serviceUrl';
import { keepAwakeWhile, KEEP_AWAKE_HORIZON_MS } from './keepAlive';
import { loadPolicy } from './policy';
import { checkRecentHead, followHistoryWrites } from './history';
import { popupNewsOf } from '@/lib/messaging/popupPort';
import { syncChangedKeys } from '@/lib/storage/syncArea';

export const QUEUE_ALARM = 'resume-queue';

/**
 * Keeps the earliest wake-up for queued work, repeating every minute while work is queued (a
 * job waiting for the budget in a stopped worker is picked up again). Chrome fires alarms no
 * sooner than 30 s from now; nearer work is kept awake instead (keepAlive.ts).
 */
async function scheduleWake(at: number): Promise<void> {
  const when = Math.max(at, Date.now() + 30_000);
  const existing = await browser.alarms.get(QUEUE_ALARM);
  if (!existing || existing.scheduledTime > when || existing.scheduledTime < Date.now()) {
    await browser.alarms.create(QUEUE_ALARM, { when, periodInMinutes: 1 });
  }
}

/** Everything the worker does at start. */
export function startBackground() {
  const service = createService({
    fetch: platformFetch,
    copy: copyFromBackground,
    notify: showNotification,
    wakeAt: (at) => {
      void scheduleWake(at);
      if (at - Date.now() < KEEP_AWAKE_HORIZON_MS) keepAwakeWhile(() => service.shortening.workDueSoon(KEEP_AWAKE_HORIZON_MS));
    },
    hasHostPermission: (origin) => browser.permissions.contains({ origins: [permissionPattern(origin)] }),
  });

  // The connection's session (its key, budgets and cache read) is built now, while the event that
  // woke the worker is delivered, so a cold popup's first request does not wait for those reads.
  void service.sessions.get().catch(() => undefined);
  registerHandlers(service, browser.runtime.id, browser.runtime.getURL('/'));
  registerPopupPort(browser.runtime.onConnect, service, browser.runtime.id, browser.runtime.getURL('/'));
  const handleMenuClick = (info: Parameters<typeof onMenuClick>[1], tab?: Parameters<typeof onMenuClick>[2]) =>
    onMenuClick(service.shortening, info, tab);
  const handleCommand = (command: string, tab?: Parameters<typeof onCommand>[2]) => onCommand(service.shortening, command, tab);
  browser.runtime.onInstalled.addListener(() => {
    void createMenus();
    // Recent links' stored head is written now if it is missing (a new install), not at the first read a user waits for.
    void checkRecentHead().catch(() => undefined);
  });
  // Firefox for Android has no context menu, no keyboard shortcuts and no address-bar keyword:
  // there these APIs are absent, and the worker starts without them (the popup, the bulk page and
  // the options page are the way in). Chrome and desktop Firefox have all three.
  const { contextMenus, commands, omnibox: omniboxApi, notifications } = optionalApis();
  contextMenus?.onClicked.addListener(handleMenuClick);
  commands?.onCommand.addListener(handleCommand);
  const omnibox: OmniboxDeps = {
    getHistory: service.recent.getHistory,
    shortenInBackground: service.shortening.shortenInBackground,
    copy: copyFromBackground,
    notify: showNotification,
  };
  const handleOmniboxChanged = (text: string, suggest: Parameters<typeof onOmniboxChanged>[2]) => onOmniboxChanged(omnibox, text, suggest);
  const handleOmniboxEntered = (text: string) => onOmniboxEntered(omnibox, text);
  omniboxApi?.onInputChanged.addListener(handleOmniboxChanged);
  omniboxApi?.onInputEntered.addListener(handleOmniboxEntered);
  const handleNotificationButton = (id: string, index: number) =>
    onNotificationButton({ deleteHistoryEntry: service.recent.deleteHistoryEntry, notify: showNotification }, id, index);
  // Each listener returns the promise of its work (the browser ignores it; a test build's callers
  // await it). Firefox has no notification buttons (and no onButtonClicked): it says where Undo is instead.
  notifications?.onButtonClicked?.addListener(handleNotificationButton);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== QUEUE_ALARM) return;
    void service.resume().then(async () => {
      if ((await service.shortening.jobs.unsettled()).length === 0 && !(await service.trackedQrs.resumeTrackedQrs()))
        await browser.alarms.clear(QUEUE_ALARM);
    });
  });
  // The organisation's policy: read at every start (cheap, local) and whenever Chrome says it changed.
  const followPolicy = () =>
    loadPolicy()
      .then((policy) => service.connection.followPolicy(policy))
      .catch(() => undefined);
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === 'managed') void followPolicy();
  });
  followHistoryWrites(browser.storage.onChanged);
  // Open popups follow their Recent links and the current account through their port.
  browser.storage.onChanged.addListener((changes, area) => {
    const news = popupNewsOf(changes, area);
    if (news) service.shortening.tellPopups(news);
  });
  void followPolicy();
  // Presets, rules and QR style another browser synced: merged into this browser's (the pages follow those).
  browser.storage.onChanged.addListener((changes, area) => {
    if (syncChangedKeys(changes, area).length) service.sync.followSync();
  });
  service.sync.followSync();
  // The browser is online again: links waiting for the service are tried now, not at the end of their backoff.
  globalThis.addEventListener?.('online', () => void service.shortening.retryWaiting().catch(() => undefined));
  void service.shortening.handBack().then(() => service.resume());
  return service;
}
