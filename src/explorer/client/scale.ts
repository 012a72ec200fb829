/*
 * The value axis of a chart: round ticks from zero to a little above the highest value.
 * Plain functions, no DOM: the tests run them in Node.
 */

/** A value axis: where it ends and its ticks, zero first. */
export interface Axis {
  readonly top: number;
  readonly ticks: readonly number[];
}

/** At most this many steps between zero and the top. */
const STEPS = 4;

/**
 * The axis for values up to `max`: a step of 1, 2, 2.5 or 5 times a power of ten (whole numbers
 * when `whole`: counts, atomic units), the top the first step at or above `max`.
 * `axis(3, true)` is 0, 1, 2, 3; `axis(18, true)` is 0, 5, 10, 15, 20; nothing to show is 0 to 1.
 *
 * @param max the highest value drawn (0 or less when there is none)
 * @param whole whether the ticks must be whole numbers
 */
export function axis(max: number, whole: boolean): Axis {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  // 2.5 of a power under 10 is no whole number.
  const factors = whole && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const nice = factors.map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
  const step = whole ? Math.max(1, Math.ceil(nice)) : nice;
  const count = Math.ceil(max / step - 1e-9);
  // Multiples of the step, rounded back to the step's own digits (0.1 × 3 is 0.30000000000000004).
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toFixed(digits)));
  return { top: ticks[ticks.length - 1], ticks };
}
