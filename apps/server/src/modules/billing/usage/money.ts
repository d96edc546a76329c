/**
 * Money is kept in integer cents and shown as euros. Overage is charged only for documents past
 * the monthly limit (product.md#states-and-transitions; the spec's client formula charges from the first one).
 */
export const centsToEuros = (cents: number): number => Math.round(cents) / 100;

export const overageCents = (opts: {
  used: number;
  monthlyLimit: number;
  overagePriceCents: number;
}): number => Math.max(0, opts.used - opts.monthlyLimit) * opts.overagePriceCents;
