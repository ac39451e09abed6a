import type { EntityType } from '../analysis/snapshot';
import { isValidCnpj } from '../documents/cnpj';
import { isMaskedCpf, isValidCpf, maskCpf } from '../documents/cpf';
import { normalizeDocument } from '../documents/parse-document';
import { normalizeName } from '../names/normalize-name';

/**
 * BODS statements, both published shapes, mapped to one neutral form:
 * - 0.4 record form: `recordType` entity|person|relationship, `recordId`, `recordDetails`,
 *   relationship `subject` / `interestedParty` as record ids;
 * - 0.1–0.3 statement form: `statementType` entityStatement|personStatement|ownershipOrControlStatement,
 *   `statementID`/`statementId`, `subject.describedByEntityStatement`,
 *   `interestedParty.describedByPersonStatement|describedByEntityStatement`.
 * References are resolved within the file by record id (0.4) or statement id (older).
 */
export type BodsDocument = { kind: 'cpf' | 'cpf_masked' | 'cnpj'; value: string; masked: string | null };

export type BodsParty = {
  ref: string;
  statementId: string;
  kind: 'person' | 'entity';
  name: string;
  normalizedName: string;
  entityType: EntityType;
  document: BodsDocument | null;
  profile: Record<string, unknown>;
};

export type BodsInterestRow = {
  ref: string;
  statementId: string;
  subjectRef: string;
  interestedRef: string | null;
  interestTypes: string[];
  shareExact: string | null;
  shareMinimum: string | null;
  shareMaximum: string | null;
  votingExact: string | null;
  votingMinimum: string | null;
  isDirect: boolean | null;
  beneficialOwnershipOrControl: boolean | null;
  startDate: string | null;
  endDate: string | null;
};

export type BodsMapped = { ok: true; party?: BodsParty; interest?: BodsInterestRow } | { ok: false; reason: string } | { ok: true; skipped: string };

const percent = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100) return v.toFixed(6).replace(/\.?0+$/, '') || '0';
  if (typeof v === 'string' && /^\d{1,3}(\.\d+)?$/.test(v) && Number(v) <= 100) return v;
  return null;
};

const date = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

export function brazilianDocument(identifiers: unknown): BodsDocument | null {
  if (!Array.isArray(identifiers)) return null;
  for (const id of identifiers as Record<string, unknown>[]) {
    const scheme = String(id?.scheme ?? '').toUpperCase();
    const value = normalizeDocument(String(id?.id ?? ''));
    if (scheme === 'BR-CNPJ' && isValidCnpj(value)) return { kind: 'cnpj', value, masked: null };
    if (scheme === 'BR-CPF' && isValidCpf(value)) return { kind: 'cpf', value, masked: maskCpf(value) };
    if (scheme === 'BR-CPF' && isMaskedCpf(value)) return { kind: 'cpf_masked', value, masked: value };
  }
  return null;
}

function personName(details: Record<string, any>): string | null {
  const names: any[] = Array.isArray(details.names) ? details.names : [];
  const chosen = names.find((n) => n?.type === 'legal' || n?.type === 'individual') ?? names[0];
  if (!chosen) return null;
  return chosen.fullName ?? ([chosen.givenName, chosen.familyName].filter(Boolean).join(' ') || null);
}

function entityKind(details: Record<string, any>, document: BodsDocument | null): EntityType {
  const type = typeof details.entityType === 'string' ? details.entityType : details.entityType?.type;
  if (type === 'state' || type === 'stateBody') return 'government_agency';
  if (type === 'anonymousEntity' || type === 'unknownEntity' || type === 'arrangement') return 'unknown';
  if (document?.kind === 'cnpj') return 'organization';
  const jurisdiction = String(details.jurisdiction?.code ?? details.incorporatedInJurisdiction?.code ?? '').toUpperCase();
  const foreignScheme = Array.isArray(details.identifiers) && details.identifiers.some((i: any) => typeof i?.scheme === 'string' && !i.scheme.toUpperCase().startsWith('BR-'));
  return (jurisdiction && jurisdiction !== 'BR') || foreignScheme ? 'foreign_entity' : 'organization';
}

export function mapBodsStatement(statement: unknown): BodsMapped {
  if (!statement || typeof statement !== 'object') return { ok: false, reason: 'not a JSON object' };
  const s = statement as Record<string, any>;
  const statementId: string | undefined = s.statementId ?? s.statementID;
  if (typeof statementId !== 'string' || !statementId) return { ok: false, reason: 'statementId missing' };
  const recordForm = typeof s.recordType === 'string';
  const type = recordForm ? s.recordType : ({ entityStatement: 'entity', personStatement: 'person', ownershipOrControlStatement: 'relationship' } as Record<string, string>)[s.statementType];
  if (!type) return { ok: false, reason: `unknown recordType/statementType "${String(s.recordType ?? s.statementType).slice(0, 40)}"` };
  const details: Record<string, any> = recordForm ? (s.recordDetails ?? {}) : s;
  const ref = recordForm ? String(s.recordId ?? statementId) : statementId;
  if (recordForm && s.recordStatus === 'closed') return { ok: true, skipped: 'closed record' };

  if (type === 'entity' || type === 'person') {
    const document = brazilianDocument(details.identifiers);
    const name = type === 'person' ? personName(details) : typeof details.name === 'string' ? details.name : null;
    if (!name || !normalizeName(name)) return { ok: false, reason: `${type}: name missing` };
    const profile: Record<string, unknown> = {};
    if (type === 'person') {
      const birth = date(details.birthDate);
      if (birth) profile.birth_date = birth;
      const nationality = details.nationalities?.[0];
      if (nationality?.name || nationality?.code) profile.nationality = nationality.name ?? nationality.code;
    } else {
      const founding = date(details.foundingDate);
      if (founding) profile.incorporation_date = founding;
      const jurisdiction = details.jurisdiction?.name ?? details.incorporatedInJurisdiction?.name;
      if (jurisdiction) profile.country = jurisdiction;
    }
    const entityType = type === 'person' ? 'person' : entityKind(details, document);
    return { ok: true, party: { ref, statementId, kind: type, name, normalizedName: normalizeName(name), entityType, document, profile } };
  }

  const subjectRef = recordForm ? details.subject : details.subject?.describedByEntityStatement;
  const party = details.interestedParty;
  const interestedRef = recordForm ? (typeof party === 'string' ? party : null) : (party?.describedByPersonStatement ?? party?.describedByEntityStatement ?? null);
  if (typeof subjectRef !== 'string') return { ok: false, reason: 'relationship: subject reference missing' };
  const interests: any[] = Array.isArray(details.interests) ? details.interests : [];
  const shares = interests.filter((i) => i?.type === 'shareholding');
  const votes = interests.filter((i) => i?.type === 'voting-rights' || i?.type === 'votingRights');
  const direct = interests.map((i) => i?.directOrIndirect);
  return {
    ok: true,
    interest: {
      ref, statementId, subjectRef, interestedRef,
      interestTypes: [...new Set(interests.map((i) => String(i?.type ?? 'unknown')))].sort(),
      shareExact: percent(shares[0]?.share?.exact),
      shareMinimum: percent(shares[0]?.share?.minimum ?? shares[0]?.share?.exclusiveMinimum),
      shareMaximum: percent(shares[0]?.share?.maximum ?? shares[0]?.share?.exclusiveMaximum),
      votingExact: percent(votes[0]?.share?.exact),
      votingMinimum: percent(votes[0]?.share?.minimum ?? votes[0]?.share?.exclusiveMinimum),
      isDirect: direct.includes('direct') ? true : direct.length > 0 && direct.every((d) => d === 'indirect') ? false : null,
      beneficialOwnershipOrControl: interests.some((i) => i?.beneficialOwnershipOrControl === true) ? true : interests.length ? false : null,
      startDate: interests.map((i) => date(i?.startDate)).filter(Boolean).sort()[0] ?? null,
      endDate: interests.map((i) => date(i?.endDate)).filter(Boolean).sort().reverse()[0] ?? null,
    },
  };
}

/** The graph edge a declaration becomes: OWNS with a share, CONTROLS otherwise; indirect declarations stay declarations only. */
export function bodsEdge(interest: BodsInterestRow): { type: 'OWNS' | 'CONTROLS'; ownership: string | null; voting: string | null } | null {
  if (interest.isDirect === false || !interest.interestedRef) return null;
  const ownership = interest.shareExact ?? interest.shareMinimum;
  const voting = interest.votingExact ?? interest.votingMinimum;
  return { type: interest.interestTypes.includes('shareholding') ? 'OWNS' : 'CONTROLS', ownership, voting };
}
