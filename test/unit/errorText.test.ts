import { describe, expect, it } from 'vitest';
import { toApiError } from '@/lib/api/errors';
import { errorSentence, opensOptions } from '@/lib/i18n/errorText';

describe('errorSentence in the popup', () => {
  it('sends a rejected key to the options', () => {
    const err = { kind: 'bad-key', message: 'Unauthorized' } as const;
    expect(opensOptions(err)).toBe(true);
    expect(errorSentence(err, 'popup')).toMatch(/API key/);
  });

  it('says when to retry after a rate limit', () => {
    const now = new Date(2024, 0, 1, 10, 0, 0).getTime();
    expect(errorSentence({ kind: 'rate-limited', message: 'x', retryAfterMs: 29_500 }, 'popup', { now })).toBe(
      'The rate limit of the service is reached. Try again in 30 s (at about 10:00).',
    );
    expect(errorSentence({ kind: 'rate-limited', message: 'x' }, 'popup')).toMatch(/Try again in a minute/);
  });

  it('shows invalid input as plain text, with the popup’s names of fields', () => {
    expect(
      errorSentence({ kind: 'invalid-input', field: 'custom_code', message: 'custom_code must be at least 3 characters' }, 'popup'),
    ).toBe('Custom alias must be at least 3 characters.');
    expect(errorSentence({ kind: 'invalid-request', message: '<b>Alias</b> is &quot;taken&quot;' }, 'popup')).toBe(
      'The service said: Alias is "taken"',
    );
  });

  it('words connection problems and plan limits', () => {
    expect(errorSentence({ kind: 'network', message: 'Failed to fetch' }, 'popup')).toMatch(/internet connection/);
    expect(errorSentence({ kind: 'timeout', message: '' }, 'popup')).toMatch(/connection/);
    expect(errorSentence({ kind: 'forbidden', message: 'Limit of 10 domains' }, 'popup')).toBe(
      'Your plan does not allow this (plan limit): Limit of 10 domains',
    );
  });
});

describe('toApiError, the one normaliser', () => {
  it('makes stray throwables errors', () => {
    expect(toApiError(new Error('boom')).toJSON()).toEqual({ kind: 'unreadable', message: 'boom' });
    expect(toApiError({ kind: 'network', message: 'x' }).toJSON()).toEqual({ kind: 'network', message: 'x' });
  });
});

describe('errorSentence words kinds and reasons, never the client’s own message', () => {
  it('says the service’s words once, framed', () => {
    const forbidden = {
      kind: 'forbidden',
      status: 403,
      serverText: 'Custom aliases are a Pro feature.',
      message: 'Custom aliases are a Pro feature.',
    } as const;
    expect(errorSentence(forbidden, 'options')).toBe('Not allowed for this account: Custom aliases are a Pro feature.');
    const refused = {
      kind: 'invalid-request',
      status: 200,
      serverText: 'Campaign name cannot be empty. Please upgrade.',
      message: 'x',
    } as const;
    expect(errorSentence(refused, 'notification')).toBe('The service said: Campaign name cannot be empty. Please upgrade.');
  });

  it('does not show the client’s message when the service said nothing', () => {
    const e = { kind: 'unreadable', serverText: '', message: 'An answer that is not JSON (an error page?).' } as const;
    expect(errorSentence(e, 'options')).toBe('The service sent an answer this extension cannot read.');
    expect(errorSentence({ kind: 'invalid-request', serverText: '', message: 'Refused with HTTP 400 and no message.' }, 'options')).toBe(
      'The service refused the request.',
    );
  });

  it('an HTML or unreadable answer is one sentence in the popup and on the options page', () => {
    const html = { kind: 'unreadable', status: 200, serverText: '', message: 'An answer that is not JSON (an error page?).' } as const;
    const shape = {
      kind: 'unreadable',
      status: 200,
      field: 'short_url',
      serverText: '',
      message: 'An answer of an unexpected shape (short_url).',
    } as const;
    for (const e of [html, shape]) {
      expect(errorSentence(e, 'popup')).toBe('The service sent an answer this extension cannot read.');
      expect(errorSentence(e, 'popup')).toBe(errorSentence(e, 'options'));
      expect(errorSentence(e, 'notification')).toBe(errorSentence(e, 'options'));
    }
  });

  it('says what happened to a link whose answer was lost, that waited a day, or was cancelled', () => {
    expect(errorSentence({ kind: 'timeout', reason: 'answer-lost', message: 'x' }, 'popup')).toMatch(/may have been made.*not sent again/);
    expect(errorSentence({ kind: 'invalid-request', reason: 'alias-after-lost-answer', detail: 'spring', message: 'x' }, 'popup')).toMatch(
      /alias “spring” was refused: the link was most likely made/,
    );
    expect(errorSentence({ kind: 'network', reason: 'gave-up-waiting', message: 'x' }, 'notification')).toMatch(
      /24 hours: the link was not made/,
    );
  });

  it('words the worker’s own cases by reason', () => {
    expect(errorSentence({ kind: 'bad-key', reason: 'not-connected', message: 'Not connected.' }, 'popup')).toBe(
      'Not connected: enter the service URL and API key on the options page.',
    );
    expect(
      errorSentence({ kind: 'forbidden', reason: 'no-permission', detail: 'https://links.example.com', message: 'x' }, 'connection'),
    ).toBe('The extension has no permission to reach https://links.example.com. Save again and allow access when the browser asks.');
    expect(
      errorSentence({ kind: 'invalid-input', field: 'serviceUrl', reason: 'service-url', detail: 'http', message: 'x' }, 'connection'),
    ).toMatch(/^Use https:\/\//);
    expect(errorSentence({ kind: 'bad-key', reason: 'connection-changed', message: 'x' }, 'notification')).toMatch(
      /changed before this request was sent/,
    );
  });
});

describe('errorSentence for invalid input', () => {
  it('keeps a sentence the page made itself, and words a schema’s problem with the field', () => {
    expect(errorSentence({ kind: 'invalid-input', field: 'url', message: 'Die Adresse enthält Leerzeichen.' }, 'popup')).toBe(
      'Die Adresse enthält Leerzeichen.',
    );
    expect(errorSentence({ kind: 'invalid-input', field: 'name', message: 'name is required.' }, 'options')).toBe('name is required.');
    expect(errorSentence({ kind: 'unreadable', reason: 'no-answer', message: 'x' }, 'popup')).toBe('The extension worker did not answer.');
  });
});
