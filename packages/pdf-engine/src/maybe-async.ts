/**
 * Results that are ready now or later. Most documents draw only standard-font text and ticks,
 * which wait for nothing; keeping that path synchronous saves an async frame, a promise and a
 * microtask per call (several per field). Work that must wait (embedding a font, decoding a
 * picture) returns a promise and callers wait only then.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Calls `next` with the value now when it is ready, else once it is. */
export const whenReady = <T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
): MaybePromise<R> => (value instanceof Promise ? value.then(next) : next(value));
