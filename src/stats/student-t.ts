/** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

const Z975 = 1.959964;

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom (the factor of a two-sided 95%
 * interval): the table up to 30, then the Cornish-Fisher expansion about the normal quantile,
 * within 0.001 of the exact value from 30 on. A fractional df (Welch-Satterthwaite) is rounded down,
 * which widens the interval slightly. Infinity below one degree of freedom: no interval exists.
 */
export function t975(df: number): number {
  if (!(df >= 1)) return Number.POSITIVE_INFINITY;
  const d = Math.floor(df);
  if (d <= 30) return T975[d - 1]!;
  const z = Z975;
  return z + (z ** 3 + z) / (4 * d) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * d * d);
}
