import type { EntityType } from '../analysis/snapshot';
import { normalizeName } from '../names/normalize-name';
import { bodsDate, bodsPercent, brazilianDocument, entityKind, personName } from './bods-fields';

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
      const birth = bodsDate(details.birthDate);
      if (birth) profile.birth_date = birth;
      const nationality = details.nationalities?.[0];
      if (nationality?.name || nationality?.code) profile.nationality = nationality.name ?? nationality.code;
    } else {
      const founding = bodsDate(details.foundingDate);
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
      shareExact: bodsPercent(shares[0]?.share?.exact),
      shareMinimum: bodsPercent(shares[0]?.share?.minimum ?? shares[0]?.share?.exclusiveMinimum),
      shareMaximum: bodsPercent(shares[0]?.share?.maximum ?? shares[0]?.share?.exclusiveMaximum),
      votingExact: bodsPercent(votes[0]?.share?.exact),
      votingMinimum: bodsPercent(votes[0]?.share?.minimum ?? votes[0]?.share?.exclusiveMinimum),
      isDirect: direct.includes('direct') ? true : direct.length > 0 && direct.every((d) => d === 'indirect') ? false : null,
      beneficialOwnershipOrControl: interests.some((i) => i?.beneficialOwnershipOrControl === true) ? true : interests.length ? false : null,
      startDate: interests.map((i) => bodsDate(i?.startDate)).filter(Boolean).sort()[0] ?? null,
      endDate: interests.map((i) => bodsDate(i?.endDate)).filter(Boolean).sort().reverse()[0] ?? null,
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
