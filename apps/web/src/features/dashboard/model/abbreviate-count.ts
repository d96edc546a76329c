const trim = (value: number) => String(Math.round(value * 10) / 10);

/**
 * product.md#screens-and-routes: the chart's y-axis shows thousands as k and millions as M, with at most one decimal:
 * 950 → '950', 1500 → '1.5k', 2000 → '2k', 2_500_000 → '2.5M'.
 */
export const abbreviateCount = (value: number): string => {
  const size = Math.abs(value);
  // 999,960 rounds to 1000k: that is 1M.
  if (size >= 999_950) return `${trim(value / 1_000_000)}M`;
  if (size >= 1000) return `${trim(value / 1000)}k`;
  return trim(value);
};
