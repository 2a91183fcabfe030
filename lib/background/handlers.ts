/**
 * Registers the message handlers of lib/messaging.ts. Only the extension's own pages are
 * answered: a content script, a web page or another extension gets a refusal, never data.
 */
import { toApiError } from '../api';
import { onMessage, type ProtocolMap, type Result } from '../messaging';
import type { Service } from './service';

/** A sender the worker answers: this extension, from one of its own pages (not a content script). */
export function isOwnPage(sender: { id?: string; url?: string; origin?: string } | undefined, runtimeId: string, extensionOrigin: string): boolean {
  if (!sender || sender.id !== runtimeId) return false;
  const url = sender.url ?? '';
  return url.startsWith(extensionOrigin);
}

type Handler = (data: never) => Promise<unknown> | unknown;

/** Wires every message of the protocol to the service. */
export function registerHandlers(service: Service, runtimeId: string, extensionOrigin: string): void {
  const handlers: { [K in keyof ProtocolMap]: Handler } = {
    getConnection: () => service.getConnection(),
    saveConnection: (d: Parameters<Service['saveConnection']>[0]) => service.saveConnection(d),
    forgetKey: () => service.forgetKey(),
    getAccount: (d: { refresh?: boolean }) => service.getAccount(d ?? {}),
    getList: (d: Parameters<Service['getList']>[0]) => service.getList(d),
    getChannelItems: (d: { channelId: number }) => service.getChannelItems(d),
    getQr: (d: { id: number }) => service.getQr(d),
    mutate: (d: Parameters<Service['mutate']>[0]) => service.mutate(d),
    shorten: (d: Parameters<Service['shorten']>[0]) => service.shorten(d, 'popup'),
    getJob: (d: { jobId: string }) => service.getJob(d),
    getHistory: () => service.getHistory(),
    deleteHistoryEntry: (d: { id: string; remote: boolean }) => service.deleteHistoryEntry(d),
    clearHistory: () => service.clearHistory(),
    getSettings: () => service.getSettings(),
    saveSettings: (d: Parameters<Service['saveSettings']>[0]) => service.saveSettings(d ?? {}),
    clearCache: () => service.clearCache(),
  };
  for (const [type, handler] of Object.entries(handlers) as [keyof ProtocolMap, Handler][]) {
    onMessage(type, (async (message: { data: unknown; sender: { id?: string; url?: string } }): Promise<Result<unknown>> => {
      if (!isOwnPage(message.sender, runtimeId, extensionOrigin)) {
        return { ok: false, error: { kind: 'forbidden', message: 'Refused: only the extension’s own pages may ask this.' } };
      }
      try {
        return { ok: true, value: await handler(message.data as never) };
      } catch (e) {
        return { ok: false, error: toApiError(e).toJSON() };
      }
    }) as never);
  }
}
