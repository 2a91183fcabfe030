/**
 * What the job queue tells the rest of the worker, as typed events: the page waiting for its
 * link, the bulk batch's rows, notifications and the clipboard subscribe to them; nothing is
 * handed to the queue to be called back (docs/ARCHITECTURE.md, "A Shorten press").
 */
import type { ApiError } from '@/lib/api';
import type { HistoryEntry, Job } from '@/lib/storage';

/** Every event of a job and what it carries. */
export interface JobEventMap {
  /** The short link is made (its campaign and channel still to come): whoever waits is told now. */
  made: { job: Job; entry: HistoryEntry };
  /** Refused for the rate limit before it was made: it waits for the budget and is sent again. */
  refused: { job: Job; error: ApiError };
  /** A try failed and the job waits for the service (`first`: it has just started waiting). */
  waiting: { job: Job; error: ApiError; first: boolean };
  /** Not sent because its account is no longer the connected one: kept to be made again. */
  unsent: { job: Job };
  /** A settled job (done or failed for good) that wants telling: given once, to whoever tells the user. */
  tell: { job: Job };
  /** The job settled (done or failed for good). */
  settled: { job: Job };
}
/** The name of a job event. */
export type JobEventName = keyof JobEventMap;
/** A subscriber to one event: the emitter waits for it (a bulk row is written before the job is told settled). */
export type JobListener<K extends JobEventName> = (event: JobEventMap[K]) => void | Promise<void>;

/** The first event of one job among several, with its name. */
export type FirstEvent<K extends JobEventName> = { [N in K]: { name: N } & JobEventMap[N] }[K];

/**
 * The queue's events: a page waiting for its job first (`first`: the answer it waits for is not
 * held behind notices and storage), then the other subscribers in the order they subscribed, each
 * awaited; one that throws does not stop the others.
 */
export class JobEvents {
  private readonly listeners: { [K in JobEventName]?: JobListener<K>[] } = {};

  /** Subscribes to an event; the answer unsubscribes. */
  on<K extends JobEventName>(name: K, listener: JobListener<K>, ahead = false): () => void {
    const list = (this.listeners[name] ??= []) as JobListener<K>[];
    if (ahead) list.unshift(listener);
    else list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Tells every subscriber, one after another (a failing one is reported, the others still hear it). */
  async emit<K extends JobEventName>(name: K, event: JobEventMap[K]): Promise<void> {
    for (const listener of [...((this.listeners[name] ?? []) as JobListener<K>[])]) {
      try {
        await listener(event);
      } catch (e) {
        console.warn(`A subscriber to the job event "${name}" failed:`, e instanceof Error ? e.message : e);
      }
    }
  }

  /**
   * The first of `names` to happen to job `id` (and pass `when`), or null after `timeoutMs`: a page
   * waits for its link this way, with no map of its own to race.
   */
  first<K extends JobEventName>(
    id: string,
    names: readonly K[],
    timeoutMs: number,
    when: (event: FirstEvent<K>) => boolean = () => true,
  ): { promise: Promise<FirstEvent<K> | null>; cancel: () => void } {
    let offs: (() => void)[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let resolveWith: (e: FirstEvent<K> | null) => void = () => undefined;
    const done = (e: FirstEvent<K> | null) => {
      clearTimeout(timer);
      for (const off of offs) off();
      offs = [];
      resolveWith(e);
    };
    const promise = new Promise<FirstEvent<K> | null>((resolve) => {
      resolveWith = resolve;
      timer = setTimeout(() => done(null), timeoutMs);
      offs = names.map((name) =>
        this.on(
          name,
          (event) => {
            const named = { name, ...event } as FirstEvent<K>;
            if (event.job.id === id && when(named)) done(named);
          },
          true,
        ),
      );
    });
    return { promise, cancel: () => done(null) };
  }
}
