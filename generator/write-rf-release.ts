import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { maskCpf } from '../domain/documents/cpf';
import { LineFileWriter, rfLine } from './file-formats';
import { Prng } from './prng';
import { secondaryCnaes } from './secondary-cnaes';
import { cnaes, legalNatures, municipalities, qualifications, reasons } from './vocabulary';
import type { World } from './world';

const release = 'D51213';

/** The code tables of a release, as Receita Federal names and lays them out. */
async function writeCodeTables(dir: string): Promise<void> {
  const tables: [string, readonly (readonly string[])[]][] = [
    [`F.K03200$Z.${release}.CNAECSV`, cnaes],
    [`F.K03200$Z.${release}.NATJUCSV`, legalNatures.map((n) => [n.code, n.description])],
    [`F.K03200$Z.${release}.QUALSCSV`, qualifications],
    [`F.K03200$Z.${release}.MUNICCSV`, municipalities.map(([code, name]) => [code, name])],
    [`F.K03200$Z.${release}.PAISCSV`, [['105', 'BRASIL'], ['249', 'ESTADOS UNIDOS'], ['628', 'REINO UNIDO'], ['137', 'ILHAS CAYMAN'], ['573', 'PAISES BAIXOS (HOLANDA)'], ['845', 'URUGUAI']]],
    [`F.K03200$Z.${release}.MOTICSV`, reasons],
  ];
  for (const [name, rows] of tables) {
    const writer = new LineFileWriter(path.join(dir, name), 'latin1');
    for (const row of rows) await writer.line(rfLine([...row]));
    await writer.close();
  }
}

const statuses: [string, number][] = [['02', 85], ['08', 8], ['04', 4], ['03', 2], ['01', 1]];

function pickStatus(prng: Prng): string {
  let ticket = prng.int(100);
  for (const [code, weight] of statuses) {
    if (ticket < weight) return code;
    ticket -= weight;
  }
  return '02';
}

/**
 * Empresas, Estabelecimentos, Socios and Simples of every company, streamed: exactly
 * `establishments` establishment rows and `partners` partner rows, whatever the company count.
 */
export async function writeRfRelease(world: World, dir: string, prng: Prng): Promise<{ establishments: number; partners: number }> {
  mkdirSync(dir, { recursive: true });
  await writeCodeTables(dir);
  const { ids, size } = world;
  const files = {
    companies: new LineFileWriter(path.join(dir, `K3241.K03200Y0.${release}.EMPRECSV`), 'latin1'),
    establishments: new LineFileWriter(path.join(dir, `K3241.K03200Y0.${release}.ESTABELE`), 'latin1'),
    partners: new LineFileWriter(path.join(dir, `K3241.K03200Y0.${release}.SOCIOCSV`), 'latin1'),
    simples: new LineFileWriter(path.join(dir, `F.K03200$W.SIMPLES.CSV.${release}`), 'latin1'),
  };
  let establishments = 0;
  let partners = 0;
  const averagePartners = size.partners / size.companies;
  for (let c = 0; c < size.companies; c++) {
    const left = size.companies - c;
    const root = ids.root(c);
    const nature = world.nature(c);
    const status = c === world.showcase ? '02' : pickStatus(prng);
    const incorporated = ids.date(c, 10);
    const capital = `${prng.int(5_000_000)},${String(prng.int(100)).padStart(2, '0')}`;
    await files.companies.line(rfLine([root, world.legalName(c), nature.code, '49', capital, ['01', '03', '05', '00'][prng.int(4)], nature.code === '1244' ? 'MUNICIPIO' : '']));
    const maxExtra = size.establishments - establishments - left;
    const extra = left === 1 ? maxExtra : Math.min(maxExtra, prng.chance(0.15) ? 1 + prng.int(3) : 0);
    for (let order = 1; order <= 1 + extra; order++) {
      const cnpj = ids.cnpj(c, order);
      const [municipality, , state] = municipalities[prng.int(municipalities.length)];
      const [cnae] = nature.code === '1244' ? cnaes[12] : cnaes[prng.int(cnaes.length)];
      const secondary = prng.chance(0.3) ? secondaryCnaes(prng, cnae).join(',') : '';
      const branchStatus = order === 1 ? status : prng.chance(0.3) ? '08' : status;
      const reason = branchStatus === '02' ? '00' : branchStatus === '08' ? '01' : '63';
      await files.establishments.line(rfLine([cnpj.slice(0, 8), cnpj.slice(8, 12), cnpj.slice(12), order === 1 ? '1' : '2', prng.chance(0.5) ? ids.companyName(c + order * 7) : '',
        branchStatus, branchStatus === '02' ? incorporated : ids.date(c, 11), reason, '', '', incorporated, cnae, secondary, 'RUA', `DAS ACÁCIAS ${prng.int(999)}`, String(prng.int(3000)), '',
        'CENTRO', String(10_000_000 + prng.int(89_999_999)), state, municipality, '11', String(30_000_000 + prng.int(60_000_000)), '', '', '', '', '', '', '']));
      establishments++;
    }
    if (['2062', '2135', '2305'].includes(nature.code) && prng.chance(0.4)) {
      const mei = nature.code === '2135' && prng.chance(0.5);
      await files.simples.line(rfLine([root, 'S', ids.date(c, 12), prng.chance(0.2) ? ids.date(c, 13) : '00000000', mei ? 'S' : 'N', mei ? ids.date(c, 12) : '00000000', '00000000']));
    }
    const remaining = size.partners - partners;
    const count = left === 1 ? remaining : Math.min(remaining, Math.max(1, Math.round(averagePartners * (0.4 + prng.int(120) / 100))));
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
        const f = prng.int(50);
        const foreign = ids.foreign(f);
        const p = prng.int(size.persons);
        row = [root, '3', foreign.name, '', '37', entry, foreign.country.code, maskCpf(ids.cpf(p)), ids.personName(p), '17', '0'];
      } else {
        const p = prng.chance(0.01) ? prng.int(Math.min(20, size.persons)) : prng.int(size.persons);
        row = [root, '2', ids.personName(p), maskCpf(ids.cpf(p)), k === 0 ? '49' : prng.pick(['22', '49', '05', '10']), entry, '', '', '', '', String(1 + prng.int(8))];
      }
      const key = `${row[1]}|${row[2]}|${row[3]}`;
      if (used.has(key)) row = [root, '2', ids.personName(size.persons + partners), maskCpf(ids.cpf(size.persons + partners)), '22', entry, '', '', '', '', '2'];
      used.add(`${row[1]}|${row[2]}|${row[3]}`);
      await files.partners.line(rfLine(row));
      partners++;
    }
  }
  for (const writer of Object.values(files)) await writer.close();
  return { establishments, partners };
}
