import { profileText, subjectOf } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/** Economic activity and standing of the customer (qualification: the dossier cites the manifest's article, Circular 3.978 arts. 18 and 19 from manifest 2026.12.2), from the registry profile. */
export const buildQualification: SectionBuilder = (input) => {
  const subject = subjectOf(input);
  const p = (field: string) => profileText(subject, field);
  const secondary = subject.profile.secondary_cnae_codes;
  const relationships = input.snapshot.network.relationships;
  return {
    content: {
      legal_nature: { code: p('legal_nature_code'), description: p('legal_nature_description') },
      main_activity: { cnae: p('main_cnae_code'), description: p('main_cnae_description') },
      secondary_activities: Array.isArray(secondary) ? secondary.map(String) : [],
      capital_social: p('capital_social'),
      company_size: p('company_size'),
      is_headquarters: subject.profile.is_headquarters ?? null,
      registration_status: subject.status,
      status_date: p('status_date'),
      special_status: p('special_status'),
      nationality: p('nationality'),
      direct_partners: relationships.filter(
        (r) =>
          r.target_entity_id === subject.entity_id && r.is_active && ['PARTNER_OF', 'OWNS', 'ADMINISTERS'].includes(r.relationship_type),
      ).length,
      network: {
        entities: input.snapshot.network.entities.length,
        max_depth: input.snapshot.network.max_depth,
        truncated: input.snapshot.network.truncated,
      },
    },
    sources: ['snapshot.network.entities[subject].profile', 'snapshot.network.relationships'],
  };
};
