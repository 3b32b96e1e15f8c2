/** Cumulative Layout Shift as web-vitals counts it: the largest session window's sum of shifts. */
export function sessionWindowCls(shifts: readonly { start: number; value: number }[]): number;
