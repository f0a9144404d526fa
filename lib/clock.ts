// Time is passed in, never read from a global inside domain code: pure functions take `now`.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests and reproducible benchmarks. */
export function fixedClock(start: Date): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(date) {
      current = new Date(date);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
