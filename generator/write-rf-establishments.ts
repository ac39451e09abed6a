import { LineFileWriter, rfLine } from './file-formats';
import { Prng } from './prng';
import { secondaryCnaes } from './secondary-cnaes';
import { cnaes, municipalities } from './vocabulary';
import type { World } from './world';

/** The Estabelecimentos rows of company `c`: its headquarters and `extra` branches. Returns the rows written. */
export async function writeEstablishments(
  world: World,
  prng: Prng,
  writer: LineFileWriter,
  c: number,
  status: string,
  incorporated: string,
  extra: number,
): Promise<number> {
  const { ids } = world;
  const nature = world.nature(c);
  let written = 0;
  for (let order = 1; order <= 1 + extra; order++) {
    const cnpj = ids.cnpj(c, order);
    const [municipality, , state] = municipalities[prng.int(municipalities.length)];
    const [cnae] = nature.code === '1244' ? cnaes[12] : cnaes[prng.int(cnaes.length)];
    const secondary = prng.chance(0.3) ? secondaryCnaes(prng, cnae).join(',') : '';
    const branchStatus = order === 1 ? status : prng.chance(0.3) ? '08' : status;
    const reason = branchStatus === '02' ? '00' : branchStatus === '08' ? '01' : '63';
    await writer.line(
      rfLine([
        cnpj.slice(0, 8),
        cnpj.slice(8, 12),
        cnpj.slice(12),
        order === 1 ? '1' : '2',
        prng.chance(0.5) ? ids.companyName(c + order * 7) : '',
        branchStatus,
        branchStatus === '02' ? incorporated : ids.date(c, 11),
        reason,
        '',
        '',
        incorporated,
        cnae,
        secondary,
        'RUA',
        `DAS ACÁCIAS ${prng.int(999)}`,
        String(prng.int(3000)),
        '',
        'CENTRO',
        String(10_000_000 + prng.int(89_999_999)),
        state,
        municipality,
        '11',
        String(30_000_000 + prng.int(60_000_000)),
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]),
    );
    written++;
  }
  return written;
}
