import { describe, expect, it } from 'vitest';
import { toApiError } from '@/lib/api/errors';
import { errorSentence, opensOptions } from '@/lib/errorText';

describe('errorSentence in the popup', () => {
  it('sends a rejected key to the options', () => {
    const err = { kind: 'bad-key', message: 'Unauthorized' } as const;
    expect(opensOptions(err)).toBe(true);
    expect(errorSentence(err, 'popup')).toMatch(/API key/);
  });

  it('says when to retry after a rate limit', () => {
    const now = new Date(2024, 0, 1, 10, 0, 0).getTime();
    expect(errorSentence({ kind: 'rate-limited', message: 'x', retryAfterMs: 29_500 }, 'popup', { now })).toBe(
      'The rate limit of the service is reached. Try again in 30 s (at about 10:00:29).',
    );
    expect(errorSentence({ kind: 'rate-limited', message: 'x' }, 'popup')).toMatch(/Try again in a minute/);
  });

  it('shows invalid input as plain text, with the popup’s names of fields', () => {
    expect(errorSentence({ kind: 'invalid-input', field: 'custom_code', message: 'custom_code must be at least 3 characters' }, 'popup')).toBe(
      'Custom alias must be at least 3 characters',
    );
    expect(errorSentence({ kind: 'invalid-request', message: '<b>Alias</b> is &quot;taken&quot;' }, 'popup')).toBe('The service said: Alias is "taken"');
  });

  it('words connection problems and plan limits', () => {
    expect(errorSentence({ kind: 'network', message: 'Failed to fetch' }, 'popup')).toMatch(/internet connection/);
    expect(errorSentence({ kind: 'timeout', message: '' }, 'popup')).toMatch(/connection/);
    expect(errorSentence({ kind: 'forbidden', message: 'Limit of 10 domains' }, 'popup')).toBe('Your plan does not allow this (plan limit): Limit of 10 domains');
  });
});

describe('toApiError, the one normaliser', () => {
  it('makes stray throwables errors', () => {
    expect(toApiError(new Error('boom')).toJSON()).toEqual({ kind: 'unreadable', message: 'boom' });
    expect(toApiError({ kind: 'network', message: 'x' }).toJSON()).toEqual({ kind: 'network', message: 'x' });
  });
});
