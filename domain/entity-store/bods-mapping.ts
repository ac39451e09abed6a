import { type BodsInterestRow, mapBodsInterest } from './map-bods-interest';
import { type BodsParty, mapBodsParty } from './map-bods-party';

export type { BodsInterestRow } from './map-bods-interest';
export type { BodsParty } from './map-bods-party';

/**
 * BODS statements, both published shapes, mapped to one neutral form:
 * - 0.4 record form: `recordType` entity|person|relationship, `recordId`, `recordDetails`,
 *   relationship `subject` / `interestedParty` as record ids;
 * - 0.1–0.3 statement form: `statementType` entityStatement|personStatement|ownershipOrControlStatement,
 *   `statementID`/`statementId`, `subject.describedByEntityStatement`,
 *   `interestedParty.describedByPersonStatement|describedByEntityStatement`.
 * References are resolved within the file by record id (0.4) or statement id (older).
 */
export type { BodsDocument } from './bods-fields';

export type BodsMapped =
  { ok: true; party?: BodsParty; interest?: BodsInterestRow } | { ok: false; reason: string } | { ok: true; skipped: string };

export function mapBodsStatement(statement: unknown): BodsMapped {
  if (!statement || typeof statement !== 'object') return { ok: false, reason: 'not a JSON object' };
  const s = statement as Record<string, any>;
  const statementId: string | undefined = s.statementId ?? s.statementID;
  if (typeof statementId !== 'string' || !statementId) return { ok: false, reason: 'statementId missing' };
  const recordForm = typeof s.recordType === 'string';
  const type = recordForm
    ? s.recordType
    : ({ entityStatement: 'entity', personStatement: 'person', ownershipOrControlStatement: 'relationship' } as Record<string, string>)[
        s.statementType
      ];
  if (!type) return { ok: false, reason: `unknown recordType/statementType "${String(s.recordType ?? s.statementType).slice(0, 40)}"` };
  const details: Record<string, any> = recordForm ? (s.recordDetails ?? {}) : s;
  const ref = recordForm ? String(s.recordId ?? statementId) : statementId;
  if (recordForm && s.recordStatus === 'closed') return { ok: true, skipped: 'closed record' };

  if (type === 'entity' || type === 'person') return mapBodsParty(type, ref, statementId, details);
  return mapBodsInterest(recordForm, ref, statementId, details);
}

/** The graph edge a declaration becomes: OWNS with a share, CONTROLS otherwise; indirect declarations stay declarations only. */
export function bodsEdge(interest: BodsInterestRow): { type: 'OWNS' | 'CONTROLS'; ownership: string | null; voting: string | null } | null {
  if (interest.isDirect === false || !interest.interestedRef) return null;
  const ownership = interest.shareExact ?? interest.shareMinimum;
  const voting = interest.votingExact ?? interest.votingMinimum;
  return { type: interest.interestTypes.includes('shareholding') ? 'OWNS' : 'CONTROLS', ownership, voting };
}
