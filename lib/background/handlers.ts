/**
 * Registers the message handlers of lib/messaging (ProtocolMap). Only the extension's own pages are
 * answered: a content script, a web page or another extension gets a refusal, never data.
 */
import { toApiError } from '@/lib/api';
import { onMessage, type AnswerOf, type Mutation, type ProtocolMap, type Result } from '@/lib/messaging';
import { OPTIONS_PORT, POPUP_PORT } from '@/lib/messaging/popupPort';
import type { Service } from './service';
import { seesPrivate, type PageSender } from './privateJobs';
import { pageAddress } from '@/lib/storage/pageAddresses';

/** The sender of a message as the worker reads it. */
type Sender = { id?: string; url?: string } & PageSender;

/** A sender the worker answers: this extension, from one of its own pages (not a content script). */
export function isOwnPage(
  sender: { id?: string; url?: string; origin?: string } | undefined,
  runtimeId: string,
  extensionOrigin: string,
): boolean {
  if (!sender || sender.id !== runtimeId) return false;
  const url = sender.url ?? '';
  return url.startsWith(extensionOrigin);
}

/** Each message's handler, typed from the protocol (with its sender): the compiler checks the worker's answers too. */
type Handlers = { [K in keyof ProtocolMap]: (data: Parameters<ProtocolMap[K]>[0], sender: Sender) => Promise<AnswerOf<K>> | AnswerOf<K> };
type Handler = (data: never, sender: Sender) => unknown;

/** Wires every message of the protocol to the service. */
export function registerHandlers(service: Service, runtimeId: string, extensionOrigin: string): void {
  const handlers: Handlers = {
    getConnection: () => service.connection.getConnection(),
    saveConnection: (d) => service.connection.saveConnection(d),
    forgetKey: () => service.connection.forgetKey(),
    listConnections: () => service.accounts.listConnections(),
    addConnection: (d) => service.accounts.addConnection(d),
    switchConnection: (d) => service.accounts.switchConnection(d),
    renameConnection: (d) => service.accounts.renameConnection(d),
    forgetConnection: (d) => service.accounts.forgetConnection(d),
    getAccount: (d) => service.lists.getAccount(d ?? {}),
    getList: (d) => service.lists.getList(d),
    getChannelItems: (d) => service.lists.getChannelItems(d),
    getQr: (d) => service.lists.getQr(d),
    mutate: (d) => service.lists.mutate(d as Mutation),
    changeSendAt: () => service.lists.changeSendAt(),
    shorten: (d) => service.shortening.shorten(d, 'popup'),
    getJob: (d) => service.shortening.getJob(d),
    cancelJob: (d) => service.shortening.cancelJob(d),
    // A private window's links go only to a page of a private window (docs/ARCHITECTURE.md, "Private windows").
    getWaitingLinks: (d, sender) => service.shortening.getWaitingLinks(seesPrivate(sender, d?.private)),
    remakeUnsent: (d) => service.shortening.remakeUnsent(d),
    dismissUnsent: (d) => service.shortening.dismissUnsent(d),
    getHistory: () => service.recent.getHistory(),
    deleteHistoryEntry: (d) => service.recent.deleteHistoryEntry(d),
    clearHistory: () => service.recent.clearHistory(),
    startBulk: (d) => service.bulk.startBulk(d),
    getBulk: (d) => service.bulk.getBulk(d),
    cancelBulk: (d) => service.bulk.cancelBulk(d),
    retryBulk: (d) => service.bulk.retryBulk(d),
    clearBulk: (d) => service.bulk.clearBulk(d),
    takeStorageNotices: () => service.storedCheck.takeStorageNotices(),
    getLinkRules: () => service.linkRules.getLinkRules(),
    saveLinkRules: (d) => service.linkRules.saveLinkRules(d ?? {}),
    getSettings: () => service.settings.getSettings(),
    saveSettings: (d) => service.settings.saveSettings(d ?? {}),
    clearCache: () => service.lists.clearCache(),
    getQrStyle: () => service.qrStyles.getQrStyle(),
    saveQrStyle: (d) => service.qrStyles.saveQrStyle(d),
    getSyncStatus: () => service.sync.getSyncStatus(),
    setSyncEnabled: (d) => service.sync.setSyncEnabled(d),
    makeTrackedQr: (d) => service.trackedQrs.makeTrackedQr(d),
    waitTrackedQr: (d) => service.trackedQrs.waitTrackedQr(d),
    getTrackedQrs: (d) => service.trackedQrs.getTrackedQrs(d ?? {}),
    getTrackedQrImage: (d) => service.trackedQrs.getTrackedQrImage(d),
    qrPageAddress: (d) => pageAddress(String(d?.id ?? '')),
  };
  for (const [type, handler] of Object.entries(handlers) as [keyof ProtocolMap, Handler][]) {
    onMessage(type, (async (message: { data: unknown; sender: Sender }): Promise<Result<unknown>> => {
      if (!isOwnPage(message.sender, runtimeId, extensionOrigin)) {
        return { ok: false, error: { kind: 'forbidden', reason: 'not-own-page', message: 'Not an extension page.' } };
      }
      // A page opened or asks: the service may answer again, links waiting for it are tried now.
      void service.shortening.retryWaiting(false).catch(() => undefined);
      try {
        return { ok: true, value: await handler(message.data as never, message.sender) };
      } catch (e) {
        return { ok: false, error: toApiError(e).toJSON() };
      }
    }) as never);
  }
}

/** Takes the ports of the extension's own popups (they follow jobs over them); refuses any other. */
export function registerPopupPort(
  onConnect: { addListener(fn: (port: Parameters<Service['popupConnected']>[0] & PortInfo) => void): void },
  service: Service,
  runtimeId: string,
  extensionOrigin: string,
): void {
  onConnect.addListener((port) => {
    if (port.name === POPUP_PORT && isOwnPage(port.sender, runtimeId, extensionOrigin)) {
      service.popupConnected(port);
      void service.shortening.retryWaiting().catch(() => undefined);
    } else {
      if (port.name === OPTIONS_PORT && isOwnPage(port.sender, runtimeId, extensionOrigin))
        void service.lists.warm('options').catch(() => undefined);
      port.disconnect();
    }
  });
}
type PortInfo = { name: string; sender?: Sender; disconnect(): void };
