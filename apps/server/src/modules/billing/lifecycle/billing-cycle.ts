/**
 * Monthly billing cycles, in one place. A cycle boundary is the anchor (when the plan or account
 * started) plus whole months, on the anchor's day of month and time of day, clamped to the last
 * day of shorter months: an anchor on January 31 gives February 28 (29 in leap years), then
 * March 31. Each boundary is computed from the anchor, never from the previous boundary, so a
 * clamped month does not pull later cycles onto an earlier day. Stripe anchors its billing
 * periods the same way, so our roll-over and Stripe's renewal meet on the same boundaries.
 */

/** The anchor plus `months` months, clamped to the target month's last day (UTC). */
export const addMonths = (anchor: Date, months: number): Date => {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
};

/** The anchored monthly cycle that contains `at` (the first one when `at` precedes it). */
export const cycleAt = (anchor: Date, at: Date): { start: Date; end: Date } => {
  const time = at.getTime();
  const monthsApart =
    (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth();
  let months = Math.max(0, monthsApart);
  while (months > 0 && addMonths(anchor, months).getTime() > time) months -= 1;
  while (addMonths(anchor, months + 1).getTime() <= time) months += 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
};
