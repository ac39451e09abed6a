/**
 * Exact rational numbers on BigInt. Effective ownership multiplies and sums shares along every
 * chain and solves cross-holdings as linear systems; with floats, 1/3-style shares would drift and
 * a 25.000000 % owner could land on either side of the threshold depending on summation order.
 */
export type Rational = { readonly n: bigint; readonly d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);
export const HALF = rational(1n, 2n);

export const add = (a: Rational, b: Rational) => (a.d === b.d ? rational(a.n + b.n, a.d) : rational(a.n * b.d + b.n * a.d, a.d * b.d));
export const sub = (a: Rational, b: Rational) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational) => rational(a.n * b.d, a.d * b.n);
export const compare = (a: Rational, b: Rational) => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
export const isZero = (a: Rational) => a.n === 0n;
export const max = (a: Rational, b: Rational) => (compare(a, b) >= 0 ? a : b);

const decimalPattern = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** "12.5" or "12.500000" (a percentage as stored) → 0.125; undefined when not a plain decimal. */
export function fromPercentString(value: string | null | undefined): Rational | undefined {
  if (value === null || value === undefined) return undefined;
  const match = decimalPattern.exec(value.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const scale = 10n ** BigInt(fraction.length);
  return rational(BigInt(match[1]) * scale + BigInt(fraction || '0'), scale * 100n);
}

export function fromPercentNumber(percent: number): Rational {
  return fromPercentString(percent.toFixed(6)) ?? ZERO;
}

/** A fraction as a percentage rounded half-up to 6 decimals ("40", "66.666667"), then a JSON number. */
export function toPercentNumber(value: Rational): number {
  const scaled = value.n * 100n * 1_000_000n;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const rounded = (abs * 2n + value.d) / (2n * value.d);
  const integer = rounded / 1_000_000n;
  const fraction = (rounded % 1_000_000n).toString().padStart(6, '0');
  return Number(`${negative ? '-' : ''}${integer}.${fraction}`);
}
