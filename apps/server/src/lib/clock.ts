/** The only source of "now" on the server, so tests can move time. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number): Date =>
  new Date(date.getTime() + minutes * 60_000);
