import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LineFileWriter, rfLine } from './file-formats';
import { Prng } from './prng';
import type { World } from './world';
import { release, writeCodeTables } from './write-rf-code-tables';
import { writeEstablishments } from './write-rf-establishments';
import { writePartners } from './write-rf-partners';

const statuses: [string, number][] = [
  ['02', 85],
  ['08', 8],
  ['04', 4],
  ['03', 2],
  ['01', 1],
];

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
/** `onRows`: told every thousand companies how many rows (companies, establishments, partners) were written since. */
export async function writeRfRelease(
  world: World,
  dir: string,
  prng: Prng,
  onRows?: (rows: number) => void,
): Promise<{ establishments: number; partners: number }> {
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
  let reported = 0;
  for (let c = 0; c < size.companies; c++) {
    const left = size.companies - c;
    const root = ids.root(c);
    const nature = world.nature(c);
    const status = c === world.showcase ? '02' : pickStatus(prng);
    const incorporated = ids.date(c, 10);
    const capital = `${prng.int(5_000_000)},${String(prng.int(100)).padStart(2, '0')}`;
    await files.companies.line(
      rfLine([
        root,
        world.legalName(c),
        nature.code,
        '49',
        capital,
        ['01', '03', '05', '00'][prng.int(4)],
        nature.code === '1244' ? 'MUNICIPIO' : '',
      ]),
    );
    const maxExtra = size.establishments - establishments - left;
    const extra = left === 1 ? maxExtra : Math.min(maxExtra, prng.chance(0.15) ? 1 + prng.int(3) : 0);
    establishments += await writeEstablishments(world, prng, files.establishments, c, status, incorporated, extra);
    if (['2062', '2135', '2305'].includes(nature.code) && prng.chance(0.4)) {
      const mei = nature.code === '2135' && prng.chance(0.5);
      await files.simples.line(
        rfLine([
          root,
          'S',
          ids.date(c, 12),
          prng.chance(0.2) ? ids.date(c, 13) : '00000000',
          mei ? 'S' : 'N',
          mei ? ids.date(c, 12) : '00000000',
          '00000000',
        ]),
      );
    }
    const remaining = size.partners - partners;
    const count = left === 1 ? remaining : Math.min(remaining, Math.max(1, Math.round(averagePartners * (0.4 + prng.int(120) / 100))));
    partners = await writePartners(world, prng, files.partners, c, count, partners);
    if (onRows && ((c + 1) % 1000 === 0 || c === size.companies - 1)) {
      const rows = c + 1 + establishments + partners;
      onRows(rows - reported);
      reported = rows;
    }
  }
  for (const writer of Object.values(files)) await writer.close();
  return { establishments, partners };
}
