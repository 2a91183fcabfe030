import { describe, expect, it } from 'vitest';
import { bulkBatchView } from '@/lib/background/bulkView';
import type { BulkBatch } from '@/lib/storage';

describe("the bulk page's view of a batch", () => {
  it('keeps what the page shows and leaves the account and the jobs in the worker', () => {
    const stored: BulkBatch = {
      id: 'b1',
      createdAt: 5,
      fingerprint: 'fp-secret',
      service: 'https://sho.rt',
      domainId: 2,
      campaignId: null,
      channelId: 7,
      items: [
        { url: 'https://a.example/', state: 'made', jobId: 'job-1', shortUrl: 'https://sho.rt/a', title: 'A' },
        { url: 'https://b.example/', state: 'waiting', jobId: 'job-2', rule: { site: 'b.example', chose: ['campaign'] } },
      ],
    };
    const view = bulkBatchView(stored);
    expect(view).toEqual({
      id: 'b1',
      createdAt: 5,
      domainId: 2,
      campaignId: null,
      channelId: 7,
      items: [
        { url: 'https://a.example/', state: 'made', shortUrl: 'https://sho.rt/a', title: 'A' },
        { url: 'https://b.example/', state: 'waiting', rule: { site: 'b.example', chose: ['campaign'] } },
      ],
    });
    expect(JSON.stringify(view)).not.toMatch(/fp-secret|sho\.rt"|job-/);
  });
});
