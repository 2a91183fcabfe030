import { describe, expect, it } from 'vitest';
import { JobEvents } from '@/lib/background/jobEvents';
import type { HistoryEntry, Job } from '@/lib/storage';

const job = { id: 'j1' } as Job;
const entry = { id: 'j1', shortUrl: 'https://sho.rt/a' } as HistoryEntry;

describe('the queue events', () => {
  it('a page waiting for its link hears it before a notice that takes its time', async () => {
    const events = new JobEvents();
    const heard: string[] = [];
    // Subscribed at the worker's start, long before the press: a notification that never ends.
    events.on('made', () => {
      heard.push('notice');
      return new Promise<void>(() => undefined);
    });
    const waiting = events.first('j1', ['made'], 1000);
    void events.emit('made', { job, entry });
    const first = await waiting.promise;
    expect(first?.name).toBe('made');
    expect(heard).toEqual(['notice']);
  });

  it('the other subscribers hear an event in the order they subscribed, each awaited', async () => {
    const events = new JobEvents();
    const heard: string[] = [];
    events.on('made', async () => {
      await Promise.resolve();
      heard.push('a');
    });
    events.on('made', () => void heard.push('b'));
    await events.emit('made', { job, entry });
    expect(heard).toEqual(['a', 'b']);
  });
});
