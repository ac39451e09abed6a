/** Integer arithmetic helpers: weights and multipliers are basis points (10000 = 1.0). */
export const BASIS_POINTS = 10000;

/** round(value × basisPoints / 10000), half away from zero, on integers only. */
export function applyBasisPoints(value: number, basisPoints: number): number {
  const product = value * basisPoints;
  const rounded = Math.floor((Math.abs(product) + BASIS_POINTS / 2) / BASIS_POINTS);
  return product < 0 ? -rounded : rounded;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** "1.2500" style rendering of basis points for explanations (text only, never fingerprinted as a number). */
export function formatBasisPoints(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.floor(abs / BASIS_POINTS)}.${String(abs % BASIS_POINTS).padStart(4, '0')}`;
}
