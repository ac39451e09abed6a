import path from 'node:path';
import { formatCnpj } from '../domain/documents/cnpj';
import { formatCpf } from '../domain/documents/cpf';
import { cguLine, LineFileWriter } from './file-formats';
import { brDate, isoDate } from './identities';
import { pepRoles } from './vocabulary';
import type { World } from './world';

const maskedPrinted = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** CGU's PEP list (masked CPFs, dd/mm/yyyy) and the family ties of every PEP (spouse p+1, child p+2). */
export async function writePepAndFamily(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const pep = new LineFileWriter(path.join(dir, 'pep.csv'), 'latin1', '\r\n');
  const family = new LineFileWriter(path.join(dir, 'family.jsonl'), 'utf8');
  await pep.line(cguLine(['CPF', 'Nome_PEP', 'Sigla_Função', 'Descrição_Função', 'Nível_Função', 'Nome_Órgão', 'Data_Início_Exercício', 'Data_Fim_Exercício', 'Data_Fim_Carência']));
  let count = 0;
  for (let p = 0; p < size.persons; p++) {
    if (!world.isPep(p)) continue;
    const [acronym, role, institution] = pepRoles[p % pepRoles.length];
    const ended = p % 5 === 0;
    const end = ids.date(p, 31);
    await pep.line(cguLine([maskedPrinted(ids.cpf(p)), ids.personName(p), acronym, role, String(1 + (p % 6)), institution, brDate(ids.date(p, 30)), ended ? brDate(end) : '', ended ? brDate(`${Number(end.slice(0, 4)) + 5}${end.slice(4)}`) : '']));
    for (const [relative, kind] of [[p + 1, 'spouse'], [p + 2, 'child']] as const) {
      await family.line(JSON.stringify({ person: { document: formatCpf(ids.cpf(p)), name: ids.personName(p) }, relative: { document: formatCpf(ids.cpf(relative)), name: ids.personName(relative) }, relationship: kind }));
    }
    count++;
  }
  await pep.close();
  await family.close();
  return count;
}

const ceisHeader = ['CADASTRO', 'CÓDIGO DA SANÇÃO', 'TIPO DE PESSOA', 'CPF OU CNPJ DO SANCIONADO', 'NOME DO SANCIONADO', 'NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'RAZÃO SOCIAL - CADASTRO RECEITA',
  'NOME FANTASIA - CADASTRO RECEITA', 'NÚMERO DO PROCESSO', 'CATEGORIA DA SANÇÃO', 'DATA INÍCIO SANÇÃO', 'DATA FINAL SANÇÃO', 'DATA PUBLICAÇÃO', 'PUBLICAÇÃO', 'DETALHAMENTO',
  'DATA DO TRÂNSITO EM JULGADO', 'ABRAGÊNCIA DEFINIDA EM DECISÃO JUDICIAL', 'ÓRGÃO SANCIONADOR', 'UF ÓRGÃO SANCIONADOR', 'ESFERA ÓRGÃO SANCIONADOR', 'FUNDAMENTAÇÃO LEGAL'];

/** CEIS and CNEP downloads (Portal da Transparência header; CNEP adds VALOR DA MULTA). */
export async function writeSanctions(world: World, dir: string): Promise<{ ceis: number; cnep: number }> {
  const { ids, size } = world;
  const counts = { ceis: 0, cnep: 0 };
  for (const list of ['ceis', 'cnep'] as const) {
    const writer = new LineFileWriter(path.join(dir, `${list}.csv`), 'latin1', '\r\n');
    await writer.line(cguLine(list === 'cnep' ? [...ceisHeader, 'VALOR DA MULTA'] : ceisHeader));
    const row = (code: string, type: 'F' | 'J', document: string, name: string, index: number, category: string) => {
      const start = ids.date(index, 40);
      const active = index % 4 !== 0;
      const end = active ? `${Number(start.slice(0, 4)) + 40}${start.slice(4)}` : `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
      const fields = [list.toUpperCase(), code, type, document, name, name, type === 'J' ? name : '', '', `00190.${String(index).padStart(6, '0')}/2019-11`, category, brDate(start), brDate(end),
        brDate(start), 'DOU', '', '', 'Todas as esferas em todo o território nacional', 'CONTROLADORIA-GERAL DA UNIÃO', 'DF', 'FEDERAL', 'Lei nº 8.666/1993, art. 87, IV'];
      return cguLine(list === 'cnep' ? [...fields, `${100_000 + index * 37},00`] : fields);
    };
    for (let c = 0; c < size.companies; c++) {
      if (list === 'ceis' ? world.ceisCompany(c) : world.cnepCompany(c)) {
        await writer.line(row(`${list}-c-${c}`, 'J', formatCnpj(ids.cnpj(c)), world.legalName(c), c, list === 'ceis' ? 'Impedimento/proibição de contratar com prazo determinado' : 'Multa - Lei Anticorrupção'));
        counts[list]++;
      }
    }
    for (let p = 0; p < size.persons; p++) {
      if (list === 'ceis' && world.ceisPerson(p)) {
        await writer.line(row(`${list}-p-${p}`, 'F', maskedPrinted(ids.cpf(p)), ids.personName(p), p, 'Inidoneidade - Lei de Licitações'));
        counts[list]++;
      }
    }
    if (list === 'cnep') {
      const a = world.ambiguousPerson;
      await writer.line(row(`${list}-p-${a}`, 'F', formatCpf(ids.cpf(a)), ids.personName(a), a, 'Multa'));
      counts.cnep++;
    }
    await writer.close();
  }
  return counts;
}

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
    await writer.line(JSON.stringify({
      proceeding_number: `PAR-${String(c).padStart(7, '0')}/${opened.slice(0, 4)}`, proceeding_type: c % 3 === 0 ? 'PAR' : 'TCE', status: decided ? 'decided' : 'open',
      opened_at: isoDate(opened), decision_date: decided, closed_at: null, authority: 'CONTROLADORIA-GERAL DA UNIÃO',
      summary: `Processo administrativo de responsabilização de ${world.legalName(c)} por irregularidades em licitação.`,
      parties: [{ document: formatCnpj(ids.cnpj(c)), name: world.legalName(c), role: 'defendant' }, { document: formatCpf(ids.cpf(p)), name: ids.personName(p), role: 'defendant' }, { document: null, name: 'TESTEMUNHA NÃO IDENTIFICADA', role: 'witness' }],
    }));
    count++;
  }
  const a = world.ambiguousPerson;
  await writer.line(JSON.stringify({ proceeding_number: 'PAR-AMBIGUO/2024', proceeding_type: 'PAR', status: 'open', opened_at: '2024-02-01', decision_date: null, closed_at: null, authority: 'TCU',
    summary: 'Mesmo CPF declarado com outro nome.', parties: [{ document: formatCpf(ids.cpf(a)), name: `${ids.personName(a + 7)}`, role: 'defendant' }] }));
  await writer.close();
  return count + 1;
}

/** Adverse media in Portuguese about some sanctioned companies, for name screening. */
export async function writeMedia(world: World, dir: string): Promise<number> {
  const { ids, size } = world;
  const writer = new LineFileWriter(path.join(dir, 'media.jsonl'), 'utf8');
  let count = 0;
  for (let c = 0; c < size.companies; c++) {
    if (!(world.ceisCompany(c) || world.proceedingCompany(c))) continue;
    const name = world.legalName(c);
    const day = isoDate(ids.date(c, 60));
    await writer.line(JSON.stringify({ id: `art-${c}`, url: `https://noticias.example.com.br/${c}`, title: `Operação investiga fraude em licitações envolvendo ${name}`, source: 'Jornal Exemplo',
      published_at: `${day}T12:00:00Z`, language: 'pt', body: `A Polícia Federal deflagrou operação que apura corrupção e lavagem de dinheiro em contratos da ${name}. Segundo o Ministério Público, a empresa teria pago propina a servidores.` }));
    count++;
  }
  await writer.close();
  return count;
}
