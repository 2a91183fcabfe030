/**
 * Registers the message handlers of lib/messaging.ts. Only the extension's own pages are
 * answered: a content script, a web page or another extension gets a refusal, never data.
 */
import { toApiError } from '@/lib/api';
import { onMessage, type AnswerOf, type ProtocolMap, type Result } from '@/lib/messaging';
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
    getConnection: () => service.getConnection(),
    saveConnection: (d) => service.saveConnection(d),
    forgetKey: () => service.forgetKey(),
    listConnections: () => service.listConnections(),
    addConnection: (d) => service.addConnection(d),
    switchConnection: (d) => service.switchConnection(d),
    renameConnection: (d) => service.renameConnection(d),
    forgetConnection: (d) => service.forgetConnection(d),
    getAccount: (d) => service.getAccount(d ?? {}),
    getList: (d) => service.getList(d),
    getChannelItems: (d) => service.getChannelItems(d),
    getQr: (d) => service.getQr(d),
    mutate: (d) => service.mutate(d),
    changeSendAt: () => service.changeSendAt(),
    shorten: (d) => service.shorten(d, 'popup'),
    getJob: (d) => service.getJob(d),
    cancelJob: (d) => service.cancelJob(d),
    // A private window's links go only to a page of a private window (docs/ARCHITECTURE.md, "Private windows").
    getWaitingLinks: (d, sender) => service.getWaitingLinks(seesPrivate(sender, d?.private)),
    remakeUnsent: (d) => service.remakeUnsent(d),
    dismissUnsent: (d) => service.dismissUnsent(d),
    getHistory: () => service.getHistory(),
    deleteHistoryEntry: (d) => service.deleteHistoryEntry(d),
    clearHistory: () => service.clearHistory(),
    startBulk: (d) => service.startBulk(d),
    getBulk: (d) => service.getBulk(d),
    cancelBulk: (d) => service.cancelBulk(d),
    retryBulk: (d) => service.retryBulk(d),
    clearBulk: (d) => service.clearBulk(d),
    takeStorageNotices: () => service.takeStorageNotices(),
    getLinkRules: () => service.getLinkRules(),
    saveLinkRules: (d) => service.saveLinkRules(d ?? {}),
    getSettings: () => service.getSettings(),
    saveSettings: (d) => service.saveSettings(d ?? {}),
    clearCache: () => service.clearCache(),
    getQrStyle: () => service.getQrStyle(),
    saveQrStyle: (d) => service.saveQrStyle(d),
    getSyncStatus: () => service.getSyncStatus(),
    setSyncEnabled: (d) => service.setSyncEnabled(d),
    makeTrackedQr: (d) => service.makeTrackedQr(d),
    waitTrackedQr: (d) => service.waitTrackedQr(d),
    getTrackedQrs: (d) => service.getTrackedQrs(d ?? {}),
    getTrackedQrImage: (d) => service.getTrackedQrImage(d),
    qrPageAddress: (d) => pageAddress(String(d?.id ?? '')),
  };
  for (const [type, handler] of Object.entries(handlers) as [keyof ProtocolMap, Handler][]) {
    onMessage(type, (async (message: { data: unknown; sender: Sender }): Promise<Result<unknown>> => {
      if (!isOwnPage(message.sender, runtimeId, extensionOrigin)) {
        return { ok: false, error: { kind: 'forbidden', reason: 'not-own-page', message: 'Not an extension page.' } };
      }
      // A page opened or asks: the service may answer again, links waiting for it are tried now.
      void service.retryWaiting(false).catch(() => undefined);
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
      void service.retryWaiting().catch(() => undefined);
    } else {
      if (port.name === OPTIONS_PORT && isOwnPage(port.sender, runtimeId, extensionOrigin))
        void service.warm('options').catch(() => undefined);
      port.disconnect();
    }
  });
}
type PortInfo = { name: string; sender?: Sender; disconnect(): void };
