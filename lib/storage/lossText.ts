/** The one sentence that tells what was lost of each stored item (public/_locales). */
import type { MessageKey } from '@/lib/i18n';
import type { ToldItem } from './names';

export const LOSS_TEXT: Record<ToldItem, MessageKey> = {
  connection: 'storageLostConnection',
  settings: 'storageLostSettings',
  history: 'storageLostHistory',
  queue: 'storageLostQueue',
  unsent: 'storageLostUnsent',
  bulk: 'storageLostBulk',
  qrStyles: 'storageLostQrStyles',
  trackedQrs: 'storageLostTrackedQrs',
  linkRules: 'storageLostLinkRules',
};
