import { documentOf, exposedPepsOf } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/** PEPs: the subject's own records, then the PEPs of its network by degree (Circular 3.978 arts. 19 and 27). */
export const buildPoliticallyExposed: SectionBuilder = (input) => {
  const subjectRecords = exposedPepsOf(input, input.snapshot.subject_entity_id).map(({ record, status }) => ({
    role: record.role_description,
    role_acronym: record.role_acronym,
    institution: record.institution_name,
    pep_type: record.pep_type,
    status,
    start_date: record.start_date,
    end_date: record.end_date,
  }));
  return {
    content: {
      subject_is_pep: subjectRecords.length > 0,
      subject_records: subjectRecords,
      network: input.graph.network_peps.map((p) => ({
        entity_id: p.entity.entity_id,
        name: p.entity.display_name,
        document: documentOf(input, p.entity.entity_id),
        degree: p.pep_degree,
        position: p.position_title,
        institution: p.institution_name,
        pep_type: p.pep_type,
        status: p.pep_status,
        start_date: p.start_date,
        end_date: p.end_date,
      })),
    },
    sources: ['snapshot.pep_records', 'graph.network_peps'],
  };
};
