import { isMaskedCpf } from '../../documents/cpf';
import type { SectionOf, BuiltSection } from '../report-types';

/** One Siscoaf OCORRENCIA as plain data: what the XML writes and the layout check validates. */
export type SiscoafParty = { CPFCNPJEnv: string | null; NmEnv: string; TpEnv: string; PEP: 'S' | 'N'; ServPub: 'S' | 'N'; PObrigada: 'S' | 'N' };
export type SiscoafOccurrence = {
  CPFCNPJCom: string | null;
  DtInicio: string;
  DtFim: string;
  Det: string;
  CodEnq: string[];
  ENVOLVIDOS: SiscoafParty[];
};

/** YYYY-MM-DD → DD/MM/AAAA, the layout's date format. */
export function siscoafDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

const flag = (value: unknown): 'S' | 'N' => (value === true ? 'S' : 'N');

/**
 * A party's document as Siscoaf can take it: Receita publishes partners' CPFs masked
 * (`***456789**`), which identify nobody to COAF. Such a party is treated like one without a
 * document: it stays in the report's `envolvidos` and out of the XML, where the officer adds it
 * with the full CPF from the institution's own records.
 */
function siscoafDocument(document: unknown): string | null {
  return typeof document === 'string' && document !== '' && !isMaskedCpf(document) ? document : null;
}

/**
 * The occurrence of a coaf_cos report from its sections. The period is the snapshot's date
 * (the situation as observed by the analysis); the parties are those of `envolvidos`.
 */
export function siscoafOccurrence(sections: readonly BuiltSection[]): SiscoafOccurrence {
  const content = (key: string) => (sections.find((s) => s.key === key && s.kind === 'deterministic') as SectionOf<'deterministic'> | undefined)?.content as any;
  const det = sections.find((s) => s.key === 'det');
  const day = siscoafDate(String(content('identificacao')?.as_of ?? ''));
  return {
    CPFCNPJCom: content('instituicao_comunicante')?.cnpj ?? null,
    DtInicio: day,
    DtFim: day,
    Det: typeof det?.content === 'string' ? det.content : '',
    CodEnq: (content('enquadramentos')?.enquadramentos ?? []).map((e: any) => String(e.code)),
    ENVOLVIDOS: (content('envolvidos')?.parties ?? []).map((p: any) => ({
      CPFCNPJEnv: siscoafDocument(p.document),
      NmEnv: String(p.name ?? ''),
      TpEnv: String(p.type_code),
      PEP: flag(p.pep),
      ServPub: flag(p.public_servant),
      PObrigada: flag(p.obligated_person),
    })),
  };
}
