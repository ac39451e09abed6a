import path from 'node:path';
import { formatCpf } from '../domain/documents/cpf';
import { cguLine, LineFileWriter } from './file-formats';
import { brDate, maskedPrinted } from './identities';
import { pepRoles } from './vocabulary';
import type { World } from './world';

/** CGU's PEP list (masked CPFs, dd/mm/yyyy) and the family ties of every PEP (spouse p+1, child p+2). */
export async function writePepAndFamily(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const pep = new LineFileWriter(path.join(dir, 'pep.csv'), 'latin1', '\r\n');
  const family = new LineFileWriter(path.join(dir, 'family.jsonl'), 'utf8');
  await pep.line(
    cguLine([
      'CPF',
      'Nome_PEP',
      'Sigla_Função',
      'Descrição_Função',
      'Nível_Função',
      'Nome_Órgão',
      'Data_Início_Exercício',
      'Data_Fim_Exercício',
      'Data_Fim_Carência',
    ]),
  );
  let count = 0;
  for (let p = 0; p < size.persons; p++) {
    if (!world.isPep(p)) continue;
    const [acronym, role, institution] = pepRoles[p % pepRoles.length];
    const ended = p % 5 === 0;
    const end = ids.date(p, 31);
    await pep.line(
      cguLine([
        maskedPrinted(ids.cpf(p)),
        ids.personName(p),
        acronym,
        role,
        String(1 + (p % 6)),
        institution,
        brDate(ids.date(p, 30)),
        ended ? brDate(end) : '',
        ended ? brDate(`${Number(end.slice(0, 4)) + 5}${end.slice(4)}`) : '',
      ]),
    );
    for (const [relative, kind] of [
      [p + 1, 'spouse'],
      [p + 2, 'child'],
    ] as const) {
      await family.line(
        JSON.stringify({
          person: { document: formatCpf(ids.cpf(p)), name: ids.personName(p) },
          relative: { document: formatCpf(ids.cpf(relative)), name: ids.personName(relative) },
          relationship: kind,
        }),
      );
    }
    count++;
  }
  await pep.close();
  await family.close();
  return count;
}
