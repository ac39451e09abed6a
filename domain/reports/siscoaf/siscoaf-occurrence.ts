import { isMaskedCpf } from '../../documents/cpf';
import type { SectionOf, BuiltSection } from '../report-types';
import { matchAnalysisParty } from './match-analysis-party';
import { type OccurrenceData, type OccurrenceParty, servPubCodes } from './occurrence-data';
import type { ResolvedCode } from './resolve-siscoaf-codes';

/**
 * One Siscoaf OCORRENCIA as plain data, in the layout's field names and value formats
 * (docs/reports.md, "Siscoaf batch"): what the XML writes and the layout check validates.
 * A field the service does not know yet is null (the XML leaves it empty; finalize refuses).
 */
export type SiscoafParty = {
  CPFCNPJEnv: string | null;
  NmEnv: string;
  TpEnv: string | null;
  AgNumEnv: string | null;
  AgNomeEnv: string | null;
  NumConta: string | null;
  DtAbConta: string | null;
  DtAtuaCad: string | null;
  PObrigada: '0' | '1';
  PEP: '0' | '1';
  ServPub: string;
  /** Not written: the meaning behind TpEnv, so a missing number can be named. */
  involvement: string;
};
export type SiscoafOccurrence = {
  NumOcorrencia: string | null;
  CPFCNPJCom: string | null;
  DtInicio: string | null;
  DtFim: string | null;
  AgNum: string | null;
  AgNome: string | null;
  AgMun: string | null;
  AgUF: string | null;
  Det: string;
  VlCred: string | null;
  VlDeb: string | null;
  VlProv: string | null;
  VlProp: string | null;
  CodEnq: string[];
  ENVOLVIDOS: SiscoafParty[];
  /** The codes the institution's tables do not confirm (none may remain at finalize). */
  unverified: { table: 'TpEnv' | 'CodEnq'; key: string; meaning: string; proposed_code: string | null }[];
};

/** YYYY-MM-DD → DD/MM/AAAA, the layout's date format; null stays null. */
export function siscoafDate(day: string | null | undefined): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** A decimal BRL string ("1234.5") → the layout's "1234,50": two decimals, comma, no thousands separator. */
export function siscoafAmount(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const [units, cents = ''] = value.split('.');
  return `${units},${(cents + '00').slice(0, 2)}`;
}

const flag = (value: unknown): '0' | '1' => (value === true ? '1' : '0');

/**
 * A party's document as Siscoaf can take it: Receita publishes partners' CPFs masked
 * (`***456789**`), which identify nobody to COAF. Such a party is treated like one without a
 * document: it stays in the report's `envolvidos` and out of the XML until the officer enters
 * its full CPF (with its name) in the occurrence data, which makes it that party (siscoafOccurrence).
 */
function siscoafDocument(document: unknown): string | null {
  return typeof document === 'string' && document !== '' && !isMaskedCpf(document) ? document : null;
}

/**
 * The involvement of a party of `envolvidos`: report template v1 wrote the manifest's TpEnv
 * 1–4 (titular, partner or administrator, beneficial owner, related PEP); an administrator or
 * representative is a legal representative, any other partner or PEP is "other".
 */
export function involvementOf(party: { involvement?: string; type_code?: string; role?: string }): string {
  if (party.involvement) return party.involvement;
  switch (party.type_code) {
    case '1':
      return 'titular';
    case '3':
      return 'beneficial_owner';
    case '2':
      return /administr|represent|procurad|ADMINISTERS|LEGAL_REPRESENTATIVE/i.test(party.role ?? '') ? 'representative' : 'other';
    default:
      return 'other';
  }
}

export type SiscoafCodes = { involvement: ResolvedCode[]; situations: ResolvedCode[] };

/**
 * The occurrence of a coaf_cos report from its sections, the officer's occurrence data and the
 * institution's code tables: the period, agency and amounts are the officer's; the parties are
 * those of `envolvidos` with the document and account data the officer added (matched by
 * document, or a masked CPF by its visible digits and the name: match-analysis-party.ts), then
 * the parties the officer added that the analysis does not know. PEP is the verdict's, however
 * the party enters; ServPub is what the officer declares, else 1 (sim) for a party the verdict
 * holds a public office of the administration for (a PEP record of a public official), else 0.
 */
export function siscoafOccurrence(sections: readonly BuiltSection[], data: OccurrenceData | null, codes: SiscoafCodes): SiscoafOccurrence {
  const content = (key: string) =>
    (sections.find((s) => s.key === key && s.kind === 'deterministic') as SectionOf<'deterministic'> | undefined)?.content as any;
  const det = sections.find((s) => s.key === 'det');
  const d = data ?? {};
  const unverified: SiscoafOccurrence['unverified'] = [];
  const note = (c: ResolvedCode) => {
    if (c.code === null && !unverified.some((u) => u.table === c.table && u.key === c.key))
      unverified.push({ table: c.table, key: c.key, meaning: c.meaning, proposed_code: c.proposed_code });
    return c.code;
  };
  const tpEnv = (involvement: string) => {
    const c = codes.involvement.find((r) => r.key === involvement);
    return c ? note(c) : null;
  };
  const party = (
    document: string | null,
    name: string,
    involvement: string,
    flags: { pep: boolean; obligated: boolean; servant: boolean },
    added: OccurrenceParty | undefined,
  ): SiscoafParty => ({
    CPFCNPJEnv: document,
    NmEnv: name,
    TpEnv: tpEnv(involvement),
    AgNumEnv: added?.account?.agency_number ?? null,
    AgNomeEnv: added?.account?.agency_name ?? null,
    NumConta: added?.account?.number ?? null,
    DtAbConta: siscoafDate(added?.account?.opened_on),
    DtAtuaCad: siscoafDate(added?.records_updated_on),
    PObrigada: flag(flags.obligated),
    PEP: flag(flags.pep),
    ServPub: servPubCodes[added?.public_servant ?? (flags.servant ? 'yes' : 'no')],
    involvement,
  });
  const sectionParties: any[] = content('envolvidos')?.parties ?? [];
  // Each party the officer entered is matched to the analysis' party it is (match-analysis-party.ts):
  // the same document, or the full CPF of a masked one with the same name. A matched party keeps the
  // verdict's facts (PEP, public office, involvement); the officer's adds its document and account.
  const analysisParties = sectionParties.map((p) => ({
    document: typeof p.document === 'string' && p.document !== '' ? p.document : null,
    name: String(p.name ?? ''),
  }));
  const enteredFor = new Map<number, OccurrenceParty>();
  const unmatched: OccurrenceParty[] = [];
  for (const entered of d.parties ?? []) {
    const i = matchAnalysisParty(analysisParties, entered);
    if (i !== undefined && !enteredFor.has(i)) enteredFor.set(i, entered);
    else unmatched.push(entered);
  }
  const listed: SiscoafParty[] = sectionParties.map((p, i) => {
    const added = enteredFor.get(i);
    const document = siscoafDocument(p.document) ?? (added ? siscoafDocument(added.document) : null);
    return party(
      document,
      String(p.name ?? ''),
      involvementOf(p),
      { pep: p.pep === true, obligated: p.obligated_person === true, servant: p.public_servant === true },
      added,
    );
  });
  const addedParties = unmatched.map((p) =>
    party(p.document, p.name ?? '', p.role ?? 'other', { pep: false, obligated: false, servant: false }, p),
  );
  const situations = (content('enquadramentos')?.enquadramentos ?? []).map((e: any) =>
    codes.situations.find((s) => s.key === String(e.code)),
  );
  const codEnq = [
    ...new Set(situations.map((s: ResolvedCode | undefined) => (s ? note(s) : null)).filter((c: string | null): c is string => c !== null)),
  ] as string[];
  return {
    NumOcorrencia: d.occurrence_number ?? null,
    CPFCNPJCom: content('instituicao_comunicante')?.cnpj ?? null,
    DtInicio: siscoafDate(d.period?.start),
    DtFim: siscoafDate(d.period?.end),
    AgNum: d.agency?.number ?? null,
    AgNome: d.agency?.name ?? null,
    AgMun: d.agency?.city ?? null,
    AgUF: d.agency?.state ?? null,
    Det: typeof det?.content === 'string' ? det.content : '',
    VlCred: siscoafAmount(d.amounts?.credit),
    VlDeb: siscoafAmount(d.amounts?.debit),
    VlProv: siscoafAmount(d.amounts?.provisioned),
    VlProp: siscoafAmount(d.amounts?.proposed),
    CodEnq: codEnq,
    ENVOLVIDOS: [...listed, ...addedParties],
    unverified,
  };
}
