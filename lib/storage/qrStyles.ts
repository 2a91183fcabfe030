/** The QR style of each account. */
import type { QrStyle } from '@/lib/qr/style';
import { checkedItem } from './checkedItem';
import { repairQrStyles } from './qrRepairs';
import { KEYS } from './keys';
import { storageNotices } from './notices';
import { storedItem } from './storedItem';

/** The QR style of each account (keyed by its fingerprint: service URL + key), a logo included (docs/ARCHITECTURE.md, "QR styles"). */
const qrStylesStored = storedItem<Record<string, QrStyle>>(`local:${KEYS.qrStyles}`, {});
export const qrStylesItem = checkedItem(qrStylesStored, repairQrStyles<QrStyle>, storageNotices, 'qrStyles');
