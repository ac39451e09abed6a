/**
 * Seeded pseudo-random numbers (no Math.random): sfc32 seeded from a string hash, plus a
 * stateless integer hash so that "the name of person 1234" is the same in every file.
 */
function hashString(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^= h >>> 16) >>> 0;
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(seed: string) {
    this.a = hashString(`${seed}:a`);
    this.b = hashString(`${seed}:b`);
    this.c = hashString(`${seed}:c`);
    this.d = hashString(`${seed}:d`);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 2^32). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  int(maxExclusive: number): number {
    return Math.floor((this.next() / 4294967296) * maxExclusive);
  }

  chance(probability: number): boolean {
    return this.next() / 4294967296 < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/** A stateless hash of (seed, index, salt) → [0, 2^32): per-index attributes without memory. */
export function hashInt(seed: number, index: number, salt: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(salt + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

export function seedNumber(seed: string): number {
  return hashString(seed);
}
