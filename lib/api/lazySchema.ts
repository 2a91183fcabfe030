/**
 * Schemas built on their first use instead of when their module is evaluated. zod builds a
 * schema with dozens of closures: building every schema of the service and its inputs would be
 * most of the worker's start, while a cold popup's answers need four of them.
 */

/**
 * `make()`'s value, made on the first access to any of its members: it stands for the value
 * everywhere (a schema in another schema, `.parse`, `.shape`, `instanceof`, spreading).
 */
export function lazySchema<T extends object>(make: () => T): T {
  let real: T | undefined;
  const value = (): T => (real ??= make());
  return new Proxy({} as T, {
    get: (_t, key) => {
      const v = value();
      return Reflect.get(v, key, v);
    },
    set: (_t, key, x) => Reflect.set(value(), key, x),
    has: (_t, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // Reported configurable: the stand-in has none of the value's members of its own.
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(value(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    defineProperty: (_t, key, d) => Reflect.defineProperty(value(), key, d),
    deleteProperty: (_t, key) => Reflect.deleteProperty(value(), key),
  });
}
