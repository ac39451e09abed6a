import { maskCpf } from '../domain/documents/cpf';
import { LineFileWriter, rfLine } from './file-formats';
import { Prng } from './prng';
import type { World } from './world';

/**
 * The `count` Socios rows of company `c`: persons (with the showcase's PEP and spouse), companies and
 * foreigners, never the same partner twice in a company. `partners` rows were written before (a
 * duplicate is replaced by a fresh person numbered after them). Returns the new total.
 */
export async function writePartners(
  world: World,
  prng: Prng,
  writer: LineFileWriter,
  c: number,
  count: number,
  partnersBefore: number,
): Promise<number> {
  const { ids, size } = world;
  const root = ids.root(c);
  let partners = partnersBefore;
  const used = new Set<string>();
  for (let k = 0; k < count; k++) {
    const entry = ids.date(c, 20 + k);
    let row: (string | null)[];
    if (c === world.showcase && k < 2) {
      const p = k === 0 ? 3 : 4; // the PEP and the PEP's spouse (generator/world.ts)
      row = [root, '2', ids.personName(p), maskCpf(ids.cpf(p)), '49', entry, '', '', '', '', String(3 + k)];
    } else if (c > 0 && prng.chance(0.08)) {
      const other = prng.int(c);
      row = [root, '1', world.legalName(other), ids.cnpj(other), '22', entry, '', '', '', '', '0'];
    } else if (prng.chance(0.02)) {
      const f = prng.int(world.foreignHoldings);
      const foreign = ids.foreign(f);
      const p = prng.int(size.persons);
      row = [root, '3', foreign.name, '', '37', entry, foreign.country.code, maskCpf(ids.cpf(p)), ids.personName(p), '17', '0'];
    } else {
      const p = prng.chance(0.01) ? prng.int(Math.min(world.hubs, size.persons)) : prng.int(size.persons);
      row = [
        root,
        '2',
        ids.personName(p),
        maskCpf(ids.cpf(p)),
        k === 0 ? '49' : prng.pick(['22', '49', '05', '10']),
        entry,
        '',
        '',
        '',
        '',
        String(1 + prng.int(8)),
      ];
    }
    const key = `${row[1]}|${row[2]}|${row[3]}`;
    if (used.has(key))
      row = [
        root,
        '2',
        ids.personName(size.persons + partners),
        maskCpf(ids.cpf(size.persons + partners)),
        '22',
        entry,
        '',
        '',
        '',
        '',
        '2',
      ];
    used.add(`${row[1]}|${row[2]}|${row[3]}`);
    await writer.line(rfLine(row));
    partners++;
  }
  return partners;
}
