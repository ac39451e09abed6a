import { profileText, subjectOf } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/** Who the customer is: name, document, registration status and address (Circular 3.978 arts. 13–16). */
export const buildIdentification: SectionBuilder = (input) => {
  const subject = subjectOf(input);
  const p = (field: string) => profileText(subject, field);
  return {
    content: {
      entity_id: subject.entity_id,
      entity_type: subject.entity_type,
      name: subject.display_name,
      legal_name: p('legal_name'),
      document: subject.document,
      document_type: subject.document_type,
      registration_status: subject.status,
      birth_date: p('birth_date'),
      incorporation_date: p('incorporation_date'),
      address: { street: p('primary_address'), city: p('city'), state: p('state'), postal_code: p('postal_code'), country: p('country') },
      as_of: input.snapshot.as_of,
    },
    sources: ['snapshot.network.entities[subject]', 'snapshot.as_of'],
  };
};
