import { create } from 'xmlbuilder2';
import type { SiscoafOccurrence } from './siscoaf-occurrence';

/**
 * The Siscoaf XML of one occurrence (LOTE/OCORRENCIAS/OCORRENCIA), built with an XML library so
 * that every value is escaped. Parties without a document stay out (validate-siscoaf.ts). A
 * draft carries a comment that it is not for transmission.
 */
export function siscoafXml(o: SiscoafOccurrence, options: { reportUuid: string; draft: boolean }): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  if (options.draft) doc.com(' RASCUNHO / DRAFT: não transmitir; finalize o relatório antes ');
  const occurrence = doc.ele('LOTE').ele('OCORRENCIAS', { ID: options.reportUuid }).ele('OCORRENCIA', { ID: '1' });
  occurrence.ele('CPFCNPJCom').txt(o.CPFCNPJCom ?? '');
  occurrence.ele('DtInicio').txt(o.DtInicio);
  occurrence.ele('DtFim').txt(o.DtFim);
  occurrence.ele('Det').txt(o.Det);
  const enquadramentos = occurrence.ele('ENQUADRAMENTOS');
  for (const code of o.CodEnq) enquadramentos.ele('CodEnq').txt(code);
  const parties = occurrence.ele('ENVOLVIDOS');
  for (const p of o.ENVOLVIDOS) {
    if (p.CPFCNPJEnv === null) continue;
    const party = parties.ele('ENVOLVIDO');
    party.ele('CPFCNPJEnv').txt(p.CPFCNPJEnv);
    party.ele('NmEnv').txt(p.NmEnv);
    party.ele('TpEnv').txt(p.TpEnv);
    party.ele('PEP').txt(p.PEP);
    party.ele('ServPub').txt(p.ServPub);
    party.ele('PObrigada').txt(p.PObrigada);
  }
  return doc.end({ prettyPrint: true });
}
