import path from 'node:path';
import { LineFileWriter, rfLine } from './file-formats';
import { cnaes, legalNatures, municipalities, qualifications, reasons } from './vocabulary';

/** The release every generated file name carries. */
export const release = 'D51213';

/** The code tables of a release, as Receita Federal names and lays them out. */
export async function writeCodeTables(dir: string): Promise<void> {
  const tables: [string, readonly (readonly string[])[]][] = [
    [`F.K03200$Z.${release}.CNAECSV`, cnaes],
    [`F.K03200$Z.${release}.NATJUCSV`, legalNatures.map((n) => [n.code, n.description])],
    [`F.K03200$Z.${release}.QUALSCSV`, qualifications],
    [`F.K03200$Z.${release}.MUNICCSV`, municipalities.map(([code, name]) => [code, name])],
    [
      `F.K03200$Z.${release}.PAISCSV`,
      [
        ['105', 'BRASIL'],
        ['249', 'ESTADOS UNIDOS'],
        ['628', 'REINO UNIDO'],
        ['137', 'ILHAS CAYMAN'],
        ['573', 'PAISES BAIXOS (HOLANDA)'],
        ['845', 'URUGUAI'],
      ],
    ],
    [`F.K03200$Z.${release}.MOTICSV`, reasons],
  ];
  for (const [name, rows] of tables) {
    const writer = new LineFileWriter(path.join(dir, name), 'latin1');
    for (const row of rows) await writer.line(rfLine([...row]));
    await writer.close();
  }
}
