/** The tracked QR codes of each account (the service's QR codes made for short links), read through their repair. */
import type { SerializedApiError } from '@/lib/api';
import { checkedItem } from './checkedItem';
import { repairTrackedQrs } from './qrRepairs';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';
import { KEYS } from './keys';

/** The service's QR code made for a short link ("Make tracked QR code"), or one waiting for the rate budget. */
export interface TrackedQr {
  shortUrl: string;
  state: 'waiting' | 'made';
  /** The colours sent, rgb(r,g,b). */
  foreground: string;
  background: string;
  createdAt: number;
  /** When a waiting one may be sent (epoch ms). */
  sendAt?: number;
  id?: number;
  /** The service's QR image (http/https only). */
  link?: string;
  scans?: number;
  /** When the scans were read (epoch ms). */
  scansAt?: number;
  /** Why a waiting one failed for good (it is then dropped and the reason kept here once). */
  error?: SerializedApiError;
}
/** Tracked QR codes by account fingerprint, then by short link. */
const trackedQrsStored = storedItem<Record<string, Record<string, TrackedQr>>>(`local:${KEYS.trackedQrs}`, {});
export const trackedQrsItem = checkedItem(trackedQrsStored, repairTrackedQrs, storageNotices, 'trackedQrs');
