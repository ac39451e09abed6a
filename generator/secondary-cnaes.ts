import type { Prng } from './prng';
import { cnaes } from './vocabulary';

/**
 * The secondary CNAE codes of one generated establishment: `count` codes, each once and none equal
 * to the main code, as Receita Federal lists them. A code already taken moves on to the next free one
 * of the vocabulary instead of drawing again, so a seed draws exactly what it drew before and only
 * the repeated codes of the old datasets change.
 */
export function secondaryCnaes(prng: Pick<Prng, 'int'>, main: string, count = 2): string[] {
  const codes: string[] = [];
  for (let k = 0; k < count; k++) {
    const pick = prng.int(cnaes.length);
    for (let step = 0; step < cnaes.length; step++) {
      const [code] = cnaes[(pick + step) % cnaes.length];
      if (code === main || codes.includes(code)) continue;
      codes.push(code);
      break;
    }
  }
  return codes;
}
