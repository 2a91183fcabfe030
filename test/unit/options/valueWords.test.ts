import { describe, expect, it } from 'vitest';
import { PIXEL_TYPES } from '@/lib/api/constants';
import { isKnownValue, valueWord } from '@/lib/ui/options/valueWords';

describe('The service’s values in words', () => {
  it('names every known pixel type, each differently, and none by its internal value', () => {
    const names = PIXEL_TYPES.map((p) => valueWord('pixel', p));
    expect(new Set(names).size).toBe(PIXEL_TYPES.length);
    PIXEL_TYPES.forEach((p, i) => expect(names[i]).not.toBe(p));
    expect(valueWord('pixel', 'adwordspixel')).toBe('Google Ads');
    expect(valueWord('pixel', 'gapixel')).toBe('Google Analytics');
    expect(valueWord('pixel', 'pinterest')).toBe('Pinterest');
    expect(valueWord('pixel', 'bing')).toBe('Microsoft (Bing)');
  });

  it('words overlay types, the plan and social networks; an unknown value stays as the service sent it', () => {
    expect(valueWord('overlay', 'contact')).toBe('Contact form');
    expect(valueWord('plan', 'pro')).toBe('Pro');
    // Every plan the service is known to send is worded, not only pro.
    expect(valueWord('plan', 'free')).toBe('Free');
    expect(valueWord('plan', 'FREE')).toBe('Free');
    expect(valueWord('social', 'linkedin')).toBe('LinkedIn');
    expect(valueWord('overlay', 'quiz')).toBe('quiz');
    expect(valueWord('plan', 'enterprise-2026')).toBe('enterprise-2026');
    expect(isKnownValue('pixel', 'myspacepixel')).toBe(false);
    expect(isKnownValue('pixel', 'tiktok')).toBe(true);
  });

  it('words QR code types and channel item types; an unknown one stays as sent', () => {
    expect(valueWord('qr', 'vcard')).toBe('Contact card (vCard)');
    expect(valueWord('qr', 'hologram')).toBe('hologram');
    expect(valueWord('channelItem', 'links')).toBe('Link');
    expect(valueWord('channelItem', 'qr')).toBe('QR code');
    expect(valueWord('channelItem', 'stories')).toBe('stories');
  });
});
