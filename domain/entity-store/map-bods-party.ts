import type { EntityType } from '../analysis/snapshot';
import { normalizeName } from '../names/normalize-name';
import { bodsDate, brazilianDocument, entityKind, personName } from './bods-fields';
import type { BodsDocument } from './bods-fields';

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

/** An entity or person statement → the party it describes, with its Brazilian document and profile facts. */
export function mapBodsParty(
  type: 'entity' | 'person',
  ref: string,
  statementId: string,
  details: Record<string, any>,
): { ok: true; party: BodsParty } | { ok: false; reason: string } {
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
