/**
 * The fingerprint keys an account's cache, budgets and jobs: the same for the same service and
 * key, different for another key; worked out once per connection in a worker's life (a page's
 * open asks it several times, each digest an asynchronous hop).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprintOf } from '@/lib/background/fingerprint';

afterEach(() => vi.restoreAllMocks());

describe('fingerprintOf', () => {
  it('is one digest per connection, the same fingerprint each time, and another for another key', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const url = 'http://127.0.0.1:8787';
    const a = await fingerprintOf(url, 'fp-test-key-A');
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(await fingerprintOf(url, 'fp-test-key-A')).toBe(a);
    expect(digest).toHaveBeenCalledTimes(1);

    const b = await fingerprintOf(url, 'fp-test-key-B');
    expect(b).not.toBe(a);
    expect(await fingerprintOf('http://localhost:8787', 'fp-test-key-A')).not.toBe(a);
    expect(digest).toHaveBeenCalledTimes(3);
  });
});
