import { encodeLatin1 } from './latin1';
import { create } from 'xmlbuilder2';
import type { SiscoafOccurrence } from './siscoaf-occurrence';

/** The occurrence fields in the layout's order (siscoaf-layout.ts holds the reference). */
const occurrenceFields = [
  'NumOcorrencia',
  'CPFCNPJCom',
  'DtInicio',
  'DtFim',
  'AgNum',
  'AgNome',
  'AgMun',
  'AgUF',
  'Det',
  'VlCred',
  'VlDeb',
  'VlProv',
  'VlProp',
] as const;
/** The party fields in order; the account fields are written only when known. */
const partyFields = [
  'CPFCNPJEnv',
  'NmEnv',
  'TpEnv',
  'AgNumEnv',
  'AgNomeEnv',
  'NumConta',
  'DtAbConta',
  'DtAtuaCad',
  'PObrigada',
  'PEP',
  'ServPub',
] as const;
const optionalPartyFields = new Set(['AgNumEnv', 'AgNomeEnv', 'NumConta', 'DtAbConta', 'DtAtuaCad']);

/**
 * A Siscoaf batch (LOTE/OCORRENCIAS[@ID]/OCORRENCIA…) as ISO-8859-1 bytes with that declaration:
 * the layout's encoding (docs/reports.md, "Siscoaf batch"). Built with an XML library so that
 * every value is escaped. Text outside Latin-1 is refused before finalize (latin1.ts); on a
 * draft it would show as "?". Parties without a usable document stay out. A draft carries a
 * comment that it is not for transmission.
 */
export function siscoafBatchXml(occurrences: readonly SiscoafOccurrence[], options: { batchId: string; draft: boolean }): Buffer {
  const doc = create({ version: '1.0', encoding: 'ISO-8859-1' });
  if (options.draft) doc.com(' RASCUNHO / DRAFT: não transmitir; finalize o relatório antes ');
  // A draft says which codes the institution's tables have not confirmed (left out until they do).
  for (const o of options.draft ? occurrences : []) {
    for (const u of o.unverified)
      doc.com(
        ` código não confirmado pela tabela ${u.table} da instituição: ${u.meaning}${u.proposed_code ? ` (proposto ${u.proposed_code})` : ''}; carregue-a com ops regulatory codes import `,
      );
  }
  const list = doc.ele('LOTE').ele('OCORRENCIAS', { ID: options.batchId });
  for (const o of occurrences) {
    const occurrence = list.ele('OCORRENCIA');
    for (const field of occurrenceFields) occurrence.ele(field).txt(o[field] ?? '');
    const enquadramentos = occurrence.ele('ENQUADRAMENTOS');
    for (const code of o.CodEnq) enquadramentos.ele('CodEnq').txt(code);
    const parties = occurrence.ele('ENVOLVIDOS');
    for (const p of o.ENVOLVIDOS) {
      if (p.CPFCNPJEnv === null) continue;
      const party = parties.ele('ENVOLVIDO');
      for (const field of partyFields) {
        const value = p[field];
        if (value === null && optionalPartyFields.has(field)) continue;
        party.ele(field).txt(value ?? '');
      }
    }
  }
  return encodeLatin1(doc.end({ prettyPrint: true }));
}

/** The XML of one report: a batch of its one occurrence, identified by the report uuid. */
export function siscoafXml(o: SiscoafOccurrence, options: { reportUuid: string; draft: boolean }): Buffer {
  return siscoafBatchXml([o], { batchId: options.reportUuid, draft: options.draft });
}
