import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ask, type BulkRequest, type BulkView } from '@/lib/messaging';
import App from '@/entrypoints/bulk/App';
import { createBulkStore } from '@/lib/ui/bulk/store';
import type { BulkBatch } from '@/lib/storage';
import { answer, callsOf } from '../popup/harness';

const askMock = vi.mocked(ask);

const batch = (items: BulkBatch['items']): BulkBatch => ({
  id: 'b1',
  createdAt: 1_700_000_000_000,
  fingerprint: 'f',
  service: 'http://127.0.0.1:8787',
  domainId: null,
  campaignId: null,
  channelId: null,
  items,
});

/** The fake worker of the popup's tests, plus the bulk messages answered from `view`. */
function world(view: () => BulkView | null) {
  const base = answer(askMock);
  for (const type of ['getBulk', 'startBulk', 'cancelBulk', 'retryBulk']) base.worker.override[type] = () => view();
  base.worker.override.clearBulk = () => null;
  return base;
}

/** The "Cancelled: …" status of a run cancelled halfway (a live status of its own, beside the rows). */
const stoppedNote = () => screen.queryAllByRole('status').find((el) => el.textContent?.startsWith('Cancelled:'));

describe('bulk page, the run', () => {
  it('refuses more than 500 addresses with a clear message before anything is sent', async () => {
    world(() => null);
    render(<App store={createBulkStore('')} />);
    const lines = Array.from({ length: 501 }, (_, i) => `https://example.com/${i}`).join('\n');
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: lines } });
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /501 addresses are too many for one batch: at most 500.*nothing was sent/,
    );
    expect(callsOf(askMock, 'startBulk')).toEqual([]);
  });

  it('"Shorten all" sends the cleaned addresses once each with the choices, then shows every row', async () => {
    let view: BulkView | null = null;
    world(() => view);
    render(<App store={createBulkStore('')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), {
      target: { value: 'https://a.example/?utm_medium=x\nhttps://a.example/\nhttps://b.example/' },
    });
    view = {
      batch: batch([
        { url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' },
        { url: 'https://b.example/', state: 'waiting', jobId: 'j2' },
      ]),
      expectedAt: [null, Date.now() + 60_000],
      now: Date.now(),
    };
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    await screen.findByText('1 of 2 made');
    const [req] = callsOf(askMock, 'startBulk') as BulkRequest[];
    expect(req!.addresses).toEqual([{ url: 'https://a.example/' }, { url: 'https://b.example/' }]);
    expect(req).toMatchObject({ domainId: null, campaignId: null, channelId: null, makeNew: false });
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link').textContent).toBe('https://sho.rt/a');
    expect(rows[1]!.textContent).toMatch(/Waiting for the rate limit, expected at \d\d:\d\d(?![:\d])/);
    expect(screen.getByRole('button', { name: 'Shorten all' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('a row whose service cannot be reached says it waits for the service, not a time or "failed"', async () => {
    const view: BulkView = {
      batch: batch([{ url: 'https://b.example/', state: 'waiting', jobId: 'j2' }]),
      expectedAt: [Date.now() + 60_000],
      waitingForService: [true],
      now: Date.now(),
    };
    world(() => view);
    render(<App store={createBulkStore('')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: 'https://b.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    const row = await screen.findByText(/^Waiting for the service \(cannot be reached now\); made when it answers$/);
    expect(row.textContent).not.toMatch(/rate limit|Failed/);
  });

  it('a row whose service answers with an error says so, not that the service cannot be reached', async () => {
    const view: BulkView = {
      batch: batch([{ url: 'https://b.example/', state: 'waiting', jobId: 'j2' }]),
      expectedAt: [Date.now() + 60_000],
      waitingForService: [true],
      serviceFailing: [true],
      now: Date.now(),
    };
    world(() => view);
    render(<App store={createBulkStore('')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: 'https://b.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    const row = await screen.findByText(/^Waiting for the service \(it reported an error\); made when it works again$/);
    expect(row.textContent).not.toMatch(/cannot be reached|rate limit|Failed/);
  });

  it('a run cancelled halfway ends with "Cancelled", not "Done", and says the rest was not sent', async () => {
    const items = (last: 'waiting' | 'cancelled'): BulkBatch['items'] => [
      { url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' },
      { url: 'https://b.example/', state: last, jobId: 'j2' },
    ];
    let view: BulkView | null = { batch: batch(items('waiting')), expectedAt: [null, Date.now() + 60_000], now: Date.now() };
    world(() => view);
    render(<App store={createBulkStore('')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), { target: { value: 'https://a.example/\nhttps://b.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    await screen.findByRole('button', { name: 'Cancel' });
    view = { batch: batch(items('cancelled')), expectedAt: [null, null], now: Date.now() };
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(stoppedNote()?.textContent).toBe('Cancelled: 1 of 2 made; one address was not sent.'));
    expect(screen.queryByText(/^Done/)).toBeNull();
    view = null;
  });

  it('a cancelled run counts the addresses not sent, not the rows that failed (those were sent)', async () => {
    const rows = (rest: 'waiting' | 'cancelled'): BulkBatch['items'] => [
      { url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' },
      { url: 'https://b.example/', state: 'failed', jobId: 'j2', error: { kind: 'invalid-request', message: 'Blocked domain.' } },
      { url: 'https://c.example/', state: rest, jobId: 'j3' },
      { url: 'https://d.example/', state: rest, jobId: 'j4' },
    ];
    let view: BulkView | null = {
      batch: batch(rows('waiting')),
      expectedAt: [null, null, Date.now() + 60_000, Date.now() + 60_000],
      now: Date.now(),
    };
    world(() => view);
    render(<App store={createBulkStore('')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Addresses' }), {
      target: { value: 'https://a.example/\nhttps://b.example/\nhttps://c.example/\nhttps://d.example/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    await screen.findByRole('button', { name: 'Cancel' });
    view = { batch: batch(rows('cancelled')), expectedAt: [null, null, null, null], now: Date.now() };
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(stoppedNote()?.textContent).toBe('Cancelled: 1 of 4 made; 2 addresses were not sent.'));
    view = null;
  });

  it('a cancelled run still says "Cancelled: …" when the page is opened again (from the stored batch), beside its rows', async () => {
    const items: BulkBatch['items'] = [
      { url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' },
      { url: 'https://b.example/', state: 'cancelled', jobId: 'j2' },
      { url: 'https://c.example/', state: 'cancelled', jobId: 'j3' },
    ];
    world(() => ({ batch: batch(items), expectedAt: [null, null, null], now: Date.now() }));
    render(<App store={createBulkStore('')} />);
    await waitFor(() => expect(stoppedNote()?.textContent).toBe('Cancelled: 1 of 3 made; 2 addresses were not sent.'));
    expect(screen.getByText('https://sho.rt/a')).toBeTruthy();
  });

  /** A one-address batch run to its end; `typeAfter`: text typed into Addresses once it is done. Then "New batch" is pressed. */
  async function newBatchAfterOne(typeAfter?: string): Promise<HTMLTextAreaElement> {
    let view: BulkView | null = null;
    world(() => view);
    render(<App store={createBulkStore('')} />);
    const field = screen.getByRole('textbox', { name: 'Addresses' }) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'https://a.example/' } });
    view = {
      batch: batch([{ url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' }]),
      expectedAt: [null],
      now: Date.now(),
    };
    fireEvent.click(screen.getByRole('button', { name: 'Shorten all' }));
    await screen.findByText('1 of 1 made');
    if (typeAfter !== undefined) fireEvent.change(field, { target: { value: typeAfter } });
    view = null;
    fireEvent.click(screen.getByRole('button', { name: 'New batch' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New batch' })).toBeNull());
    return field;
  }

  it('"New batch" starts from an empty Addresses field, with the keyboard in it', async () => {
    const field = await newBatchAfterOne();
    expect(field.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByText('1 to shorten')).toBeNull();
  });

  it('"New batch" keeps addresses typed after the last batch started (only the last batch\'s text goes)', async () => {
    // The next list pasted before pressing "New batch".
    const field = await newBatchAfterOne('https://next.example/1\nhttps://next.example/2');
    expect(field.value).toBe('https://next.example/1\nhttps://next.example/2');
    expect(screen.getByText('2 to shorten')).toBeTruthy();
  });

  it('a reopened page shows the stored batch; a failed row says why and offers Retry; Copy all as CSV', async () => {
    let view: BulkView | null = {
      batch: batch([
        { url: 'https://a.example/', state: 'made', jobId: 'j1', shortUrl: 'https://sho.rt/a' },
        { url: 'https://b.example/', state: 'failed', jobId: 'j2', error: { kind: 'invalid-request', message: 'Blocked domain.' } },
      ]),
      expectedAt: [null, null],
      now: Date.now(),
    };
    const { writeText } = world(() => view);
    render(<App store={createBulkStore('')} />);
    await screen.findByText('1 of 2 made');
    const failed = screen.getAllByRole('row')[2]!;
    expect(failed.textContent).toMatch(/Failed: .*Blocked domain\./);
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry https://b.example/' }));
    await waitFor(() => expect(callsOf(askMock, 'retryBulk')).toEqual([{ index: 1 }]));

    fireEvent.change(screen.getByRole('combobox', { name: 'Copy as' }), { target: { value: 'csv' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      'long_url,short_url,status,campaign,rule\r\nhttps://a.example/,https://sho.rt/a,made,,\r\nhttps://b.example/,,failed,,\r\n',
    );
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard (CSV).');

    // The downloaded file: the same CSV with CRLF line ends, after a UTF-8 byte-order mark so that
    // spreadsheets read accents; the clipboard copy above has no mark.
    let file: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((file = b as Blob), 'blob:csv'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(file).not.toBeNull();
    const bytes = new Uint8Array(await file!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(writeText.mock.calls[0]![0]);
    view = null;
  });

  it('a row a site rule chose for says which rule chose what, and the CSV has the campaign and rule each link was made with', async () => {
    const view: BulkView = {
      batch: batch([
        {
          url: 'https://example.com/blog/a',
          state: 'made',
          jobId: 'j1',
          shortUrl: 'https://sho.rt/a',
          choices: { domainId: null, campaignId: 3, channelId: null },
          rule: { site: 'example.com/blog/', chose: ['campaign'] },
        },
        {
          url: 'https://example.com/blog/b',
          state: 'made',
          jobId: 'j2',
          shortUrl: 'https://sho.rt/b',
          choices: { domainId: null, campaignId: 4, channelId: null },
          rule: { site: 'example.com/blog/', chose: [] },
        },
        { url: 'https://other.example/', state: 'made', jobId: 'j3', shortUrl: 'https://sho.rt/c' },
      ]),
      expectedAt: [null, null, null],
      now: Date.now(),
    };
    const { writeText } = world(() => view);
    render(<App store={createBulkStore('')} />);
    await screen.findByText('3 of 3 made');
    const rows = screen.getAllByRole('row');
    await waitFor(() => expect(rows[1]!.textContent).toContain('Rule: example.com/blog/ chose campaign “Spring sale”'));
    expect(rows[2]!.textContent).toContain('Rule: example.com/blog/ (your choices above are used)');
    expect(rows[3]!.textContent).not.toContain('Rule:');
    fireEvent.change(screen.getByRole('combobox', { name: 'Copy as' }), { target: { value: 'csv' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      'long_url,short_url,status,campaign,rule\r\n' +
        'https://example.com/blog/a,https://sho.rt/a,made,Spring sale,example.com/blog/\r\n' +
        'https://example.com/blog/b,https://sho.rt/b,made,Newsletter,example.com/blog/\r\n' +
        'https://other.example/,https://sho.rt/c,made,,\r\n',
    );
  });
});
