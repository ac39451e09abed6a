import { completeCnpj } from '../domain/documents/cnpj';
import { completeCpf } from '../domain/documents/cpf';
import { hashInt } from './prng';
import { companyWords, firstNames, foreignCountries, foreignHoldingWords, placeWords, surnames } from './vocabulary';

/**
 * Stateless identities of the synthetic world: company c, person p and foreign holding f have
 * the same CNPJ / CPF / name in every file, computed from (seed, index) without any table.
 */
export class Identities {
  /** `nameBlocks`: company names are dealt into blocks (generator/world.ts, networkScale); block 0 keeps the plain vocabulary. */
  constructor(
    readonly seed: number,
    readonly showcaseCompany: number,
    readonly nameBlocks = 1,
  ) {}

  isAlphanumeric(c: number): boolean {
    return c === this.showcaseCompany || hashInt(this.seed, c, 1) % 20 === 0;
  }

  /** Numeric roots are a bijection of the index; alphanumeric ones start with a letter, so the two never collide. */
  root(c: number): string {
    if (this.isAlphanumeric(c)) return `${String.fromCharCode(65 + (c % 26))}${c.toString(36).toUpperCase().padStart(7, '0')}`;
    return String((c * 7919 + (this.seed % 1_000_000)) % 100_000_000).padStart(8, '0');
  }

  cnpj(c: number, order = 1): string {
    return completeCnpj(`${this.root(c)}${String(order).padStart(4, '0')}`);
  }

  companyName(c: number): string {
    const h = hashInt(this.seed, c, 2);
    const first = companyWords[h % companyWords.length];
    const block = this.nameBlocks > 1 ? hashInt(this.seed, c, 9) % this.nameBlocks : 0;
    const secondIndex = h % 3 === 0 ? (h >>> 8) % surnames.length : surnames.length + ((h >>> 8) % placeWords.length);
    // Outside block 0 the second word is coined for the block: the companies (and so the adverse-media
    // articles) sharing a name's distinctive words stay as many at every store size.
    const second =
      block > 0
        ? coinedWord((block - 1) * (surnames.length + placeWords.length) + secondIndex)
        : secondIndex < surnames.length
          ? surnames[secondIndex]
          : placeWords[secondIndex - surnames.length];
    return `${first} ${second}`;
  }

  cpf(p: number): string {
    let base = (p * 104_729 + 123_456_789 + (this.seed % 1000)) % 1_000_000_000;
    if (/^(\d)\1{8}$/.test(String(base).padStart(9, '0'))) base = (base + 1) % 1_000_000_000;
    return completeCpf(String(base).padStart(9, '0'));
  }

  personName(p: number): string {
    const h = hashInt(this.seed, p, 3);
    const h2 = hashInt(this.seed, p, 4);
    const parts = [firstNames[h % firstNames.length]];
    if (h % 4 === 0) parts.push('DA');
    parts.push(surnames[(h >>> 8) % surnames.length], surnames[h2 % surnames.length]);
    return parts.join(' ');
  }

  foreign(f: number): { name: string; country: (typeof foreignCountries)[number]; registration: string } {
    const country = foreignCountries[f % foreignCountries.length];
    return {
      name: `${foreignHoldingWords[f % foreignHoldingWords.length]} ${['HOLDINGS LTD', 'INVESTMENTS LLC', 'CAPITAL B.V.', 'GROUP INC'][(f >>> 2) % 4]} ${f}`,
      country,
      registration: `${country.iso}-${100000 + f}`,
    };
  }

  /** A calendar date between 1990 and 2023 (day ≤ 28), from a salt: YYYYMMDD. */
  date(index: number, salt: number): string {
    const h = hashInt(this.seed, index, salt);
    return `${1990 + (h % 34)}${String(1 + ((h >>> 6) % 12)).padStart(2, '0')}${String(1 + ((h >>> 10) % 28)).padStart(2, '0')}`;
  }
}

const syllables = 'BCDFGLMNPRSTV'.split('').flatMap((consonant) => 'AEIOU'.split('').map((vowel) => `${consonant}${vowel}`));
const finals = ['X', 'Z', 'K', 'N'];

/**
 * A word no vocabulary list holds, one per `n`: three syllables or more, then a consonant no
 * Portuguese suffix ends with (so stemming folds no two of them into one), and no ending shared by
 * all — a common one would make every coined name look alike to the trigram search.
 */
export function coinedWord(n: number): string {
  // Scrambled (a bijection below the three-syllable capacity): neighbouring numbers share no syllables.
  const capacity = finals.length * syllables.length ** 3;
  const m = n < capacity ? (n * 7919) % capacity : n;
  const parts: string[] = [];
  let rest = Math.floor(m / finals.length);
  do {
    parts.push(syllables[rest % syllables.length]);
    rest = Math.floor(rest / syllables.length);
  } while (rest > 0 || parts.length < 3);
  return `${parts.join('')}${finals[m % finals.length]}`;
}

export const brDate = (yyyymmdd: string) => `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;
export const isoDate = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
/** A CPF as CGU prints it in its lists: only the middle six digits shown. */
export const maskedPrinted = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
