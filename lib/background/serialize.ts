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
