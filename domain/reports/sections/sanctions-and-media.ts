import { entityOf } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/** Restrictive lists, proceedings and adverse media found in the network (Circular 3.978 arts. 38 and 39). */
export const buildSanctionsAndMedia: SectionBuilder = (input) => {
  const name = (id: number) => entityOf(input, id)?.display_name ?? null;
  const s = input.snapshot;
  return {
    content: {
      sanctions: s.sanctions.map((x) => ({
        entity_id: x.entity_id,
        name: name(x.entity_id),
        list: x.list_code,
        sanction_type: x.sanction_type,
        start_date: x.start_date,
        end_date: x.end_date,
        sanctioning_body: x.sanctioning_body,
        process_number: x.process_number,
        legal_basis: x.legal_basis,
      })),
      proceedings: s.proceedings.map((p) => ({
        number: p.proceeding_number,
        type: p.proceeding_type,
        status: p.status,
        authority: p.authority,
        opened_at: p.opened_at,
        decision_date: p.decision_date,
        parties: p.parties.map((party) => ({ entity_id: party.entity_id, name: name(party.entity_id), role: party.role })),
      })),
      adverse_media: s.media_hits.map((m) => ({
        article_id: m.article_id,
        title: m.title,
        source: m.source,
        published_at: m.published_at,
        url: m.url,
        entity_id: m.entity_id,
        matched_name: m.matched_name,
        category: m.category,
        match_score: m.match_score,
      })),
    },
    sources: ['snapshot.sanctions', 'snapshot.proceedings', 'snapshot.media_hits'],
  };
};
