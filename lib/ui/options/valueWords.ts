/**
 * The service's internal values (pixel types, CTA overlay types, QR code types, channel item types,
 * the plan, social networks) as
 * words in the user's language. A value the client does not know is shown as it is: the service
 * may send values newer than this client.
 */
import { t, type MessageKey } from '@/lib/i18n';

export type ValueKind = 'pixel' | 'overlay' | 'qr' | 'channelItem' | 'plan' | 'social';

const WORDS: Record<ValueKind, Record<string, MessageKey>> = {
  pixel: {
    gtmpixel: 'pixelTypeGtm',
    gapixel: 'pixelTypeGoogleAnalytics',
    fbpixel: 'pixelTypeFacebook',
    adwordspixel: 'pixelTypeGoogleAds',
    linkedinpixel: 'pixelTypeLinkedin',
    twitterpixel: 'pixelTypeTwitter',
    adrollpixel: 'pixelTypeAdroll',
    quorapixel: 'pixelTypeQuora',
    pinterest: 'pixelTypePinterest',
    bing: 'pixelTypeBing',
    snapchat: 'pixelTypeSnapchat',
    reddit: 'pixelTypeReddit',
    tiktok: 'pixelTypeTiktok',
  },
  overlay: { message: 'overlayTypeMessage', contact: 'overlayTypeContact', poll: 'overlayTypePoll' },
  qr: {
    text: 'optionsQrTypeText',
    link: 'optionsQrTypeLink',
    email: 'optionsQrTypeEmail',
    phone: 'optionsQrTypePhone',
    sms: 'optionsQrTypeSms',
    wifi: 'optionsQrTypeWifi',
    vcard: 'optionsQrTypeVcard',
  },
  channelItem: { links: 'optionsItemTypeLink', bio: 'optionsItemTypeBio', qr: 'optionsItemTypeQr' },
  plan: { free: 'planFree', pro: 'planPro' },
  social: { facebook: 'socialFacebook', twitter: 'socialTwitter', linkedin: 'socialLinkedin' },
};

/** Whether the client knows this value (it has words for it). */
export function isKnownValue(kind: ValueKind, value: string): boolean {
  return Object.hasOwn(WORDS[kind], value.trim().toLowerCase());
}

/** The value in the user's words when it is known, else the value as the service sent it. */
export function valueWord(kind: ValueKind, value: string): string {
  const key = value.trim().toLowerCase();
  return Object.hasOwn(WORDS[kind], key) ? t(WORDS[kind][key]!) : value;
}
