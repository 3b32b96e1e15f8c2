/** Rounding to halves, for ratings shown as half stars. */

/**
 * The nearest multiple of 0.5 (3.74 → 3.5, 3.75 → 4, -1.3 → -1.5). Ties go up, towards +∞, as with
 * Math.round (-1.25 → -1); never returns -0. NaN and ±Infinity pass through.
 */
export function roundToHalf(value: number): number {
  return Math.round(value * 2) / 2 + 0;
}
