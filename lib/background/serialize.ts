/**
 * Runs async read-modify-write steps one after another, so that two updates of the
 * same stored item never interleave and lose one another.
 */
export function serializer(): <T>(step: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(step: () => Promise<T>) => {
    const run = tail.then(step, step);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The writes of one stored value: changes that may go together, and steps of their own. */
export interface CoalescedWrites<T> {
  /**
   * A change of the value; the caller gets the value after it (a change that throws fails alone).
   * `fn` returns a new value, never the one it was given changed in place (that is not written).
   */
  change(fn: (value: T) => T): Promise<T>;
  /**
   * A step of its own (a whole new value, say), in order with the changes asked before and after
   * it; it must not wait for a change (that change waits for the step: neither would end).
   */
  alone<R>(step: () => Promise<R>): Promise<R>;
}

/**
 * Changes of one stored value, each a function of the value before it, one step after another:
 * changes asked for while a step is under way go together in the next one, one read and one write
 * for all of them (else ten answers landing at once write the same item ten times over). Order is kept:
 * a change asked after a step of its own (`alone`) is applied after it.
 */
export function coalesced<T>(read: () => Promise<T>, write: (value: T) => Promise<void>): CoalescedWrites<T> {
  type Asked = { fn: (value: T) => T; resolve: (v: T) => void; reject: (e: unknown) => void };
  const run = serializer();
  /** The changes of the step not started yet (null: none, or a step of its own was asked after it). */
  let open: Asked[] | null = null;

  const apply = async (batch: Asked[]): Promise<void> => {
    const outcomes: ({ value: T } | { error: unknown })[] = [];
    try {
      const before: T = await read();
      let value = before;
      for (const a of batch) {
        try {
          value = a.fn(value);
          outcomes.push({ value });
        } catch (error) {
          outcomes.push({ error });
        }
      }
      // Nothing changed (no batch stored, say): nothing to write.
      if (value !== before) await write(value);
    } catch (error) {
      for (const a of batch) a.reject(error);
      return;
    }
    batch.forEach((a, i) => {
      const o = outcomes[i]!;
      if ('error' in o) a.reject(o.error);
      else a.resolve(o.value);
    });
  };

  return {
    change: (fn) =>
      new Promise<T>((resolve, reject) => {
        if (!open) {
          const batch: Asked[] = (open = []);
          void run(() => {
            if (open === batch) open = null; // from now on a change waits for the next step
            return apply(batch);
          });
        }
        open.push({ fn, resolve, reject });
      }),
    alone: (step) => {
      open = null;
      return run(step);
    },
  };
}
