import { hashInt } from './prng';
import { Identities } from './identities';
import { legalNatures } from './vocabulary';

/**
 * The shape of the synthetic world, as rules on indices (no tables held in memory): which
 * companies start ownership chains, which persons are PEPs, who is sanctioned, and so on.
 */
export type WorldSize = { companies: number; establishments: number; partners: number; persons: number };

/**
 * What keeps a subject's network the same shape at every store size (docs/scaling.md, "Like with
 * like"): hubs, foreign holdings and company-name blocks are counted per so many rows, never
 * fixed, so that a hub's companies, a foreign holding's chains and the companies sharing a name's
 * distinctive words do not grow with the store — only how many of them there are.
 */
export const networkScale = {
  /** Partner rows per hub person (1 % of all partner rows go to hubs). */
  rowsPerHub: 30,
  /** Partner rows per foreign holding (2 % of all partner rows are foreign partners). */
  rowsPerForeignHolding: 24,
  /** Companies per name block: each block has its own distinctive second words. */
  companiesPerNameBlock: 8_000,
} as const;

/**
 * The demo's and the tests' worlds (up to 10,000 partner rows) keep the fixed 20 hubs and 50
 * foreign holdings every world had before the counts followed the size: their datasets, and the
 * showcase's network (its sanctioned partner is a hub), stay byte for byte what they were.
 */
const smallWorld = { maxPartners: 10_000, hubs: 20, foreignHoldings: 50 } as const;

/** Hub persons, foreign holdings and name blocks of a world of `size` (each at least 1). */
export function networkCounts(size: Pick<WorldSize, 'companies' | 'partners'>): {
  hubs: number;
  foreignHoldings: number;
  nameBlocks: number;
} {
  const nameBlocks = Math.max(1, Math.round(size.companies / networkScale.companiesPerNameBlock));
  if (size.partners <= smallWorld.maxPartners) return { hubs: smallWorld.hubs, foreignHoldings: smallWorld.foreignHoldings, nameBlocks };
  return {
    hubs: Math.max(1, Math.round((size.partners * 0.01) / networkScale.rowsPerHub)),
    foreignHoldings: Math.max(1, Math.round((size.partners * 0.02) / networkScale.rowsPerForeignHolding)),
    nameBlocks,
  };
}

const natureTotal = legalNatures.reduce((s, n) => s + n.weight, 0);

export class World {
  readonly showcase = 7;
  readonly ids: Identities;
  /** The first `hubs` persons hold 1 % of all partner rows (accountants, holding administrators). */
  readonly hubs: number;
  readonly foreignHoldings: number;
  constructor(
    readonly seed: number,
    readonly size: WorldSize,
  ) {
    const counts = networkCounts(size);
    this.hubs = counts.hubs;
    this.foreignHoldings = counts.foreignHoldings;
    this.ids = new Identities(seed, this.showcase, counts.nameBlocks);
  }

  nature(c: number) {
    let ticket = hashInt(this.seed, c, 5) % natureTotal;
    for (const n of legalNatures) {
      if (ticket < n.weight) return c === this.showcase || this.chainOf(c) ? legalNatures[0] : n;
      ticket -= n.weight;
    }
    return legalNatures[0];
  }

  legalName(c: number): string {
    const n = this.nature(c);
    return n.suffix === 'PREFEITURA' ? `${n.suffix} DE ${this.ids.companyName(c)}` : `${this.ids.companyName(c)} ${n.suffix}`;
  }

  /** Chains of 2–6 companies owned layer by layer (BODS), starting at c ≡ 7 (mod 53). */
  chainStart(c: number): number | null {
    return c % 53 === 7 && c + 6 < this.size.companies ? 2 + (c % 5) : null;
  }

  chainOf(c: number): boolean {
    for (let start = c; start >= c - 5 && start >= 0; start--) {
      const length = this.chainStart(start);
      if (length !== null && c < start + length) return true;
    }
    return false;
  }

  /** Every third chain ends at a foreign holding nobody is declared to own. */
  chainTopIsForeign(start: number): boolean {
    return start % 3 === 0;
  }

  /** The foreign holding at the top of the chain starting at `start`: the foreign-topped chains dealt round the holdings. */
  chainTopForeign(start: number): number {
    // A small world keeps the dealing it always had (its bytes, the demo's networks); a larger one
    // deals by chain number, since foreign-topped chains start 159 apart and `start % holdings`
    // would leave holdings unused whenever their count shares a factor with 159.
    return this.size.partners <= smallWorld.maxPartners
      ? start % smallWorld.foreignHoldings
      : Math.floor(start / 159) % this.foreignHoldings;
  }

  crossHolding(c: number): boolean {
    return c % 211 === 11 && c + 1 < this.size.companies;
  }

  isPep(p: number): boolean {
    return p % 199 === 3 && p + 2 < this.size.persons;
  }

  ceisCompany(c: number): boolean {
    return c % 101 === 13 || c === this.showcase + 1;
  }

  cnepCompany(c: number): boolean {
    return c % 307 === 17;
  }

  ceisPerson(p: number): boolean {
    return p % 499 === 7;
  }

  proceedingCompany(c: number): boolean {
    return c % 149 === 19 || c === this.showcase;
  }

  /** A person whose CPF two sources declare under different names (resolution → ambiguous). */
  get ambiguousPerson(): number {
    return this.size.persons - 1;
  }
}
