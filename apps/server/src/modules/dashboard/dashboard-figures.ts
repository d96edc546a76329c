/** The last `count` calendar months up to `now`'s month (UTC), oldest first, as `YYYY-MM`. */
export const lastMonths = (now: Date, count: number): string[] =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });

/** This month against last month, in percent with one decimal; 100 when last month was 0. */
export const monthOverMonth = (thisMonth: number, lastMonth: number) => {
  const up = thisMonth >= lastMonth;
  if (lastMonth === 0) return { percentage: thisMonth > 0 ? 100 : 0, up };
  const change = (Math.abs(thisMonth - lastMonth) / lastMonth) * 100;
  return { percentage: Math.round(change * 10) / 10, up };
};

/** Whole days left until `end`, counting a started day; never negative. */
export const daysUntil = (end: Date, now: Date): number =>
  Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
