/**
 * The 13 pixel types, in the interface's order: eight written `<brand>pixel` (the first the tag
 * manager), then five bare names, spelt as real deployments accept them.
 */
export const PIXEL_TYPES = [
  'gtmpixel',
  'gapixel',
  'fbpixel',
  'adwordspixel',
  'linkedinpixel',
  'twitterpixel',
  'adrollpixel',
  'quorapixel',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;

/** The 7 QR code types the service creates. */
export const QR_TYPES = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** The item types a channel holds. */
export const CHANNEL_ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

/** Longest long URL accepted (browsers and servers commonly cap near 8 KB). */
export const MAX_URL_LENGTH = 8192;

/** The two rate-limit groups of the interface. */
export type RateGroup = 'main' | 'shorten';
