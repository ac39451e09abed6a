import path from 'node:path';
import { formatCnpj } from '../domain/documents/cnpj';
import { formatCpf } from '../domain/documents/cpf';
import { cguLine, LineFileWriter } from './file-formats';
import { brDate, maskedPrinted } from './identities';
import type { World } from './world';

const ceisHeader = [
  'CADASTRO',
  'CÓDIGO DA SANÇÃO',
  'TIPO DE PESSOA',
  'CPF OU CNPJ DO SANCIONADO',
  'NOME DO SANCIONADO',
  'NOME INFORMADO PELO ÓRGÃO SANCIONADOR',
  'RAZÃO SOCIAL - CADASTRO RECEITA',
  'NOME FANTASIA - CADASTRO RECEITA',
  'NÚMERO DO PROCESSO',
  'CATEGORIA DA SANÇÃO',
  'DATA INÍCIO SANÇÃO',
  'DATA FINAL SANÇÃO',
  'DATA PUBLICAÇÃO',
  'PUBLICAÇÃO',
  'DETALHAMENTO',
  'DATA DO TRÂNSITO EM JULGADO',
  'ABRAGÊNCIA DEFINIDA EM DECISÃO JUDICIAL',
  'ÓRGÃO SANCIONADOR',
  'UF ÓRGÃO SANCIONADOR',
  'ESFERA ÓRGÃO SANCIONADOR',
  'FUNDAMENTAÇÃO LEGAL',
];

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
      const fields = [
        list.toUpperCase(),
        code,
        type,
        document,
        name,
        name,
        type === 'J' ? name : '',
        '',
        `00190.${String(index).padStart(6, '0')}/2019-11`,
        category,
        brDate(start),
        brDate(end),
        brDate(start),
        'DOU',
        '',
        '',
        'Todas as esferas em todo o território nacional',
        'CONTROLADORIA-GERAL DA UNIÃO',
        'DF',
        'FEDERAL',
        'Lei nº 8.666/1993, art. 87, IV',
      ];
      return cguLine(list === 'cnep' ? [...fields, `${100_000 + index * 37},00`] : fields);
    };
    for (let c = 0; c < size.companies; c++) {
      if (list === 'ceis' ? world.ceisCompany(c) : world.cnepCompany(c)) {
        await writer.line(
          row(
            `${list}-c-${c}`,
            'J',
            formatCnpj(ids.cnpj(c)),
            world.legalName(c),
            c,
            list === 'ceis' ? 'Impedimento/proibição de contratar com prazo determinado' : 'Multa - Lei Anticorrupção',
          ),
        );
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
