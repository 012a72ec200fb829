/** Small statistics helpers. */

/** The p-th percentile (0..100) of `values` by nearest rank; NaN for none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values: ArrayLike<number>): number {
  return percentile(values, 50);
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length === 0 ? NaN : sum / values.length;
}

/** A fixed number of decimals that reads well for the magnitude. */
export function fmt(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const places = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
}

/** Monotonic clock in milliseconds, the same in every process of this machine (CLOCK_MONOTONIC). */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
