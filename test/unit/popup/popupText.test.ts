import { describe, expect, it } from 'vitest';
import { clock } from '@/lib/i18n/format';
import { campaignFailedMessage, queuedMessage } from '@/lib/ui/popup/text';
import { fieldOf } from '@/lib/ui/popup/data';

describe('fieldOf', () => {
  it('maps fields to controls', () => {
    expect(fieldOf({ kind: 'invalid-input', field: 'url', message: '' })).toBe('url');
    expect(fieldOf({ kind: 'invalid-input', field: 'custom_code', message: '' })).toBe('alias');
    expect(fieldOf(null)).toBeNull();
  });
});

describe('texts', () => {
  it('writes the queue time as hours and minutes (HH:MM), without seconds', () => {
    const at = new Date(2024, 0, 1, 9, 5, 7).getTime();
    expect(clock(at)).toBe('09:05');
    expect(queuedMessage(at)).toBe(
      'Rate limit reached: your link is queued and will be created at about 09:05. You can close this popup: it will be copied and saved in Recent links.',
    );
  });

  it('words a failed campaign as text', () => {
    expect(campaignFailedMessage('<i>no id</i>')).toBe('The link was created, but could not be added to the campaign: no id');
  });
});
