import { ApiError } from '@/lib/api';
import { t } from '@/lib/i18n';

/** A channel id from a page (popup or bulk): a positive integer or none; anything else is refused before anything is sent. */
export function checkChannelId(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  throw new ApiError({ kind: 'invalid-input', field: 'channelId', message: t('errChannelId') });
}
