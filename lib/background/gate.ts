/**
 * The gate every request passes: it waits for a slot in its group's budget, lets
 * interactive work go before background refreshes, shares identical GETs in flight,
 * and tells the budget what each answer said. It is the only way to the network.
 */
import { ApiError, groupOfPath, rateInfoOfAnswer, roomOfHeaders, type RateGroup, type RateInfo } from '@/lib/api';
import type { RateBudgets } from './budget';
import { CHANGE_TIMEOUT_MS } from './waitPolicy';

export type Priority = 'interactive' | 'background';

interface Waiter {
  group: RateGroup;
  priority: Priority;
  seq: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Most requests in flight at once, whatever the budget says: a small window's worth (a
 * budget of 10 goes out together once learned, not in two rounds of answers).
 */
export const MAX_CONCURRENT = 12;
/** Slots of a budget the pages of a list leave free: a press's campaign and channel assignments. */
export const KEEP_FOR_PRESS = 2;

export class RequestGate {
  private waiters: Waiter[] = [];
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private inFlight = 0;
  private sharedGets = new Map<string, Promise<Response>>();
  private closed = false;
  /** Told at the next pump (a slot freed, a request queued, a window opened): see `freed`. */
  private roomWatchers: (() => void)[] = [];
  /** Groups whose headers once said there was room over a refusal in the body: told from whole answers only. */
  private readonly headersLie = new Set<RateGroup>();
  /** Counts of what went through, for tests and the bench. */
  readonly stats = { sent: 0, shared: 0, rateLimited: 0 };

  constructor(
    readonly budgets: RateBudgets,
    private readonly baseFetch: typeof fetch,
    private readonly now: () => number = Date.now,
    /** Timeout of one read (GET), counted from when it leaves the gate (not while it waits). */
    private readonly timeoutMs: number = 15_000,
    /** Timeout of one change (any other method): longer, its answer is the only news of what it did (waitPolicy.ts). */
    private readonly changeTimeoutMs: number = CHANGE_TIMEOUT_MS,
  ) {}

  /** A fetch for the API client: every call waits at the gate with the given priority. */
  fetchWith(priority: Priority, onSend?: () => void): typeof fetch {
    return (input, init) => this.fetch(priority, input, init, onSend);
  }

  /** Reads what the whole answer says of its budget (headers, 429 status or a refusal in the body). */
  private async readAnswer(res: Response): Promise<{ info: RateInfo; limited: boolean }> {
    let body: unknown;
    try {
      const text = await res.clone().text();
      body = text.length < 100_000 && text.trim().startsWith('{') ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return rateInfoOfAnswer(res.status, res.headers, body, this.now());
  }

  /**
   * How many more requests of `group` may leave now while leaving `keep` slots of the budget
   * (and the place of every request waiting already) to a press: how many pages of a list go
   * together. A small budget gives fewer, down to none beside the one in flight.
   */
  room(group: RateGroup, keep = KEEP_FOR_PRESS): number {
    const free = Math.min(this.budgets.room(group), MAX_CONCURRENT - this.inFlight);
    return Math.max(0, free - this.waiting(group) - keep);
  }

  /**
   * Settles at the gate's next turn (a slot freed, a request queued, a new window): the pages of
   * a list waiting for `room` look again then, not only when one of their own is answered.
   */
  freed(): Promise<void> {
    return new Promise((resolve) => this.roomWatchers.push(resolve));
  }

  /** Requests waiting for a slot, per group. */
  waiting(group?: RateGroup): number {
    return group ? this.waiters.filter((w) => w.group === group).length : this.waiters.length;
  }

  private async fetch(priority: Priority, input: RequestInfo | URL, init?: RequestInit, onSend?: () => void): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = method === 'GET' ? `${url}\n${headerOf(init, 'authorization')}` : null;
    if (key) {
      const shared = this.sharedGets.get(key);
      if (shared) {
        this.stats.shared++;
        return (await shared).clone();
      }
    }
    const group = groupOfPath(new URL(url).pathname);
    const run = (async () => {
      await this.acquire(group, priority);
      this.stats.sent++;
      let res: Response;
      try {
        // Recorded in the same step as the send (it throws to stop a cancelled job): a worker stopped
        // between the two cannot leave a request marked as sent that never left.
        onSend?.();
        // The clock starts now: a request may wait at the gate far longer than any timeout.
        const timeout = AbortSignal.timeout(method === 'GET' ? this.timeoutMs : this.changeTimeoutMs);
        const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        res = await this.baseFetch(input, { ...init, signal });
      } catch (err) {
        // No answer: the slot was not spent on the server (as far as we can know).
        this.budgets.release(group);
        this.inFlight--;
        this.pump();
        throw err;
      }
      // The budget is told once per answer: from the headers when they say the window has room
      // (the requests waiting for this answer leave before its body is read), else from the whole answer.
      let told = false;
      const free = () => {
        this.inFlight--;
        this.pump();
      };
      try {
        const room = this.headersLie.has(group) ? null : roomOfHeaders(res.status, res.headers, this.now());
        if (room) {
          this.budgets.observe(group, room, res.status);
          told = true;
          free();
        }
        const { info, limited } = await this.readAnswer(res);
        if (limited) this.stats.rateLimited++;
        if (!told) this.budgets.observe(group, info, limited ? 429 : res.status);
        else if (limited) {
          // Headers that said "room" over a refusal: from now on this group's answers are told whole.
          this.headersLie.add(group);
          this.budgets.refusedAfterAll(group, info);
          this.pump();
        }
        return res;
      } finally {
        if (!told) free();
      }
    })();
    if (!key) return run;
    this.sharedGets.set(key, run);
    try {
      return (await run).clone();
    } finally {
      this.sharedGets.delete(key);
    }
  }

  private acquire(group: RateGroup, priority: Priority): Promise<void> {
    if (this.closed) return Promise.reject(connectionChanged());
    return new Promise((resolve, reject) => {
      this.waiters.push({ group, priority, seq: this.seq++, resolve, reject });
      this.pump();
    });
  }

  /** Closes the gate (the connection changed): waiting requests fail, none is sent any more. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.waiters.splice(0)) w.reject(connectionChanged());
  }

  /** Lets through every waiter that may go now, best first; arms a timer for the rest. */
  pump(): void {
    this.waiters.sort((a, b) => rank(a.priority) - rank(b.priority) || a.seq - b.seq);
    let soonest = Infinity;
    const blocked = new Set<RateGroup>();
    for (let i = 0; i < this.waiters.length;) {
      const w = this.waiters[i]!;
      if (blocked.has(w.group) || this.inFlight >= MAX_CONCURRENT) {
        i++;
        continue;
      }
      const wait = this.budgets.waitMs(w.group);
      if (wait === 0) {
        this.waiters.splice(i, 1);
        this.budgets.take(w.group);
        this.inFlight++;
        w.resolve();
        continue;
      }
      // Order within a group is kept: nobody overtakes the first waiter of its group.
      blocked.add(w.group);
      if (wait > 0) soonest = Math.min(soonest, wait);
      i++;
    }
    if (soonest < Infinity) this.arm(soonest);
    for (const tell of this.roomWatchers.splice(0)) tell();
  }

  private arm(ms: number): void {
    const at = this.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, ms);
  }
}

/** The failure of requests of a connection that was replaced or forgotten. */
function connectionChanged(): ApiError {
  return new ApiError({ kind: 'bad-key', reason: 'connection-changed', message: 'The connection changed; not sent.' });
}

function rank(p: Priority): number {
  return p === 'interactive' ? 0 : 1;
}

function headerOf(init: RequestInit | undefined, name: string): string {
  const h = init?.headers;
  if (!h) return '';
  if (h instanceof Headers) return h.get(name) ?? '';
  if (Array.isArray(h)) return h.find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
  const rec = h as Record<string, string>;
  const k = Object.keys(rec).find((x) => x.toLowerCase() === name);
  return k ? rec[k]! : '';
}
