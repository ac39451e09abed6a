import { ORGANIZATION_TYPES } from './controlling-persons';
import { entityRef, evidence, fromEvidences, limitation, normalizeCode, numberParameter, type SignalEvaluator } from './finding';

function addressKey(profile: Record<string, unknown>): string | null {
  const postal = typeof profile.postal_code === 'string' ? profile.postal_code.replace(/\D/g, '') : '';
  const street = normalizeCode(profile.primary_address)
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  return postal !== '' && street !== '' ? `${postal}|${street}` : null;
}

/** NETWORK_SHARED_ADDRESS: organizations of the network registered at the subject's address. */
export const sharedAddress: SignalEvaluator = (ctx, rule) => {
  const key = addressKey(ctx.subject.profile ?? {});
  if (key === null)
    return fromEvidences(
      [],
      [],
      ctx.subject.entity_type === 'person' ? [] : [limitation(['postal_code', 'primary_address'], 'The subject address is unknown.')],
    );
  const others = ctx.snapshot.network.entities
    .filter((e) => e.entity_id !== ctx.subjectId && ORGANIZATION_TYPES.has(e.entity_type) && addressKey(e.profile ?? {}) === key)
    .map((e) => e.entity_id);
  if (others.length < numberParameter(rule, 'min_entities')) return fromEvidences([], []);
  return fromEvidences(
    [
      evidence(
        'address_cluster',
        `${others.length} organizations at the subject address`,
        `Organizations of the network registered at ${String(ctx.subject.profile.primary_address)}`,
        { address: key, entities: others.map((id) => entityRef(ctx, id)) },
        { entity_count: others.length },
      ),
    ],
    others,
  );
};
