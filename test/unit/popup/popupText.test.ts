import { describe, expect, it } from 'vitest';
import { asApiError, campaignFailedMessage, clock, describePopupError, fieldOf, queuedMessage } from '@/lib/ui/popupText';

describe('describePopupError', () => {
  it('sends a rejected key to the options', () => {
    const v = describePopupError({ kind: 'bad-key', message: 'Unauthorized' });
    expect(v.openOptions).toBe(true);
    expect(v.message).toMatch(/API key/);
  });

  it('says when to retry after a rate limit', () => {
    const now = new Date(2024, 0, 1, 10, 0, 0).getTime();
    expect(describePopupError({ kind: 'rate-limited', message: 'x', retryAfterMs: 29_500 }, now).message).toBe(
      'The rate limit of the service is reached. Try again in 30 s (at about 10:00:29).',
    );
    expect(describePopupError({ kind: 'rate-limited', message: 'x' }).message).toMatch(/Try again in a minute/);
  });

  it('shows invalid input as plain text, with the popup’s names of fields', () => {
    expect(describePopupError({ kind: 'invalid-input', field: 'custom_code', message: 'custom_code must be at least 3 characters' }).message).toBe(
      'Custom alias must be at least 3 characters',
    );
    expect(describePopupError({ kind: 'invalid-request', message: '<b>Alias</b> is &quot;taken&quot;' }).message).toBe('Alias is "taken"');
  });

  it('words connection problems and plan limits', () => {
    expect(describePopupError({ kind: 'network', message: 'Failed to fetch' }).message).toMatch(/internet connection/);
    expect(describePopupError({ kind: 'timeout', message: '' }).message).toMatch(/connection/);
    expect(describePopupError({ kind: 'forbidden', message: 'Limit of 10 domains' }).message).toBe('Your plan does not allow this (plan limit): Limit of 10 domains');
  });

  it('maps fields to controls', () => {
    expect(fieldOf({ kind: 'invalid-input', field: 'url', message: '' })).toBe('url');
    expect(fieldOf({ kind: 'invalid-input', field: 'custom_code', message: '' })).toBe('alias');
    expect(fieldOf(null)).toBeNull();
  });
});

describe('texts', () => {
  it('formats the queue time as HH:MM:SS', () => {
    const at = new Date(2024, 0, 1, 9, 5, 7).getTime();
    expect(clock(at)).toBe('09:05:07');
    expect(queuedMessage(at)).toBe(
      'Rate limit reached: your link is queued and will be created at about 09:05:07. You can close this popup; it will be copied and saved in Recent links.',
    );
  });

  it('words a failed campaign as text', () => {
    expect(campaignFailedMessage('<i>no id</i>')).toBe('The link was created, but could not be added to the campaign: no id');
  });

  it('makes stray throwables errors', () => {
    expect(asApiError(new Error('boom'))).toEqual({ kind: 'unreadable', message: 'boom' });
    expect(asApiError({ kind: 'network', message: 'x' })).toEqual({ kind: 'network', message: 'x' });
  });
});
