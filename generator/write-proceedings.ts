import path from 'node:path';
import { formatCnpj } from '../domain/documents/cnpj';
import { formatCpf } from '../domain/documents/cpf';
import { LineFileWriter } from './file-formats';
import { isoDate } from './identities';
import type { World } from './world';

/** Proceedings (JSON lines): the company (formatted CNPJ), a person with a full CPF, a name-only witness. */
export async function writeProceedings(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const writer = new LineFileWriter(path.join(dir, 'proceedings.jsonl'), 'utf8');
  let count = 0;
  for (let c = 0; c < size.companies; c++) {
    if (!world.proceedingCompany(c)) continue;
    const p = (c * 31) % size.persons;
    const opened = ids.date(c, 50);
    const decided = c % 2 === 0 ? isoDate(ids.date(c, 51)) : null;
    await writer.line(
      JSON.stringify({
        proceeding_number: `PAR-${String(c).padStart(7, '0')}/${opened.slice(0, 4)}`,
        proceeding_type: c % 3 === 0 ? 'PAR' : 'TCE',
        status: decided ? 'decided' : 'open',
        opened_at: isoDate(opened),
        decision_date: decided,
        closed_at: null,
        authority: 'CONTROLADORIA-GERAL DA UNIÃO',
        summary: `Processo administrativo de responsabilização de ${world.legalName(c)} por irregularidades em licitação.`,
        parties: [
          { document: formatCnpj(ids.cnpj(c)), name: world.legalName(c), role: 'defendant' },
          { document: formatCpf(ids.cpf(p)), name: ids.personName(p), role: 'defendant' },
          { document: null, name: 'TESTEMUNHA NÃO IDENTIFICADA', role: 'witness' },
        ],
      }),
    );
    count++;
  }
  const a = world.ambiguousPerson;
  await writer.line(
    JSON.stringify({
      proceeding_number: 'PAR-AMBIGUO/2024',
      proceeding_type: 'PAR',
      status: 'open',
      opened_at: '2024-02-01',
      decision_date: null,
      closed_at: null,
      authority: 'TCU',
      summary: 'Mesmo CPF declarado com outro nome.',
      parties: [{ document: formatCpf(ids.cpf(a)), name: `${ids.personName(a + 7)}`, role: 'defendant' }],
    }),
  );
  await writer.close();
  return count + 1;
}
