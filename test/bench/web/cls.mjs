/**
 * Cumulative Layout Shift as web-vitals counts it: shifts grouped into session windows (a window
 * ends after 1 s without a shift, or 5 s after it began); the largest window's sum.
 */
export function sessionWindowCls(shifts) {
  let largest = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const { start, value } of shifts.toSorted((a, b) => a.start - b.start)) {
    if (start - last < 1000 && start - first < 5000) sum += value;
    else {
      sum = value;
      first = start;
    }
    last = start;
    largest = Math.max(largest, sum);
  }
  return largest;
}
