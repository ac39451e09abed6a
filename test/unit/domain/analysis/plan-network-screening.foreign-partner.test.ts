import { enrichmentLimitations } from '../../../../domain/analysis/enrichment-limitations';
import { planNetworkScreening } from '../../../../domain/analysis/plan-network-screening';
import type { SnapshotEntity } from '../../../../domain/analysis/snapshot';
import { ruleCatalogRegistry } from '../../../../domain/rules';
import { scoreSnapshot } from '../../../../domain/scoring/score-snapshot';
import { defaultFreshnessDays } from '../../../../domain/watchlists/list-freshness';
import { type ScreeningCandidate, screenNetwork } from '../../../../domain/watchlists/screen-network';
import { entity, rel, snapshot } from '../scoring/support/snapshot-builder';

/**
 * A foreign partner of Brazil's registry screened end to end, pure: the plan (its country as
 * Receita Federal writes it), the matcher over a UN entry, the snapshot's limitations and the
 * verdict of the current rule catalog (docs/watchlists.md, "Country names" and "The signals").
 */
const SUBJECT = 1;
const PARTNER = 2;
const asOf = '2026-11-25';
const versions = [{ list: 'un', version: '2026-11-24T10:00:00.000Z', published_at: '2026-11-24T10:00:00.000Z' }];

const unEntry = (nationalities: string[]): ScreeningCandidate => ({
  list: 'un',
  entry_id: 'QDi.977',
  schema: 'person',
  list_version: '2026-11-24T10:00:00.000Z',
  programs: ['Al-Qaida'],
  listed_on: '2014-09-23',
  names: [
    { name: 'ABU AL-FICTICIO AL-SHAMI', quality: 'primary' },
    { name: 'KHALED RAMI HADDAD', quality: 'strong' },
  ],
  birth_dates: ['1975'],
  nationalities,
  documents: [],
});

function analyse(country: string, nationalities: string[]) {
  const network: SnapshotEntity[] = [
    entity(SUBJECT, 'organization', 'Fictitious Importadora Ltda', { profile: { country: 'BRASIL' } }),
    entity(PARTNER, 'foreign_entity', 'KHALED RAMI HADDAD', {
      hop: 1,
      document_type: 'foreign',
      profile: { country, organization_category: 'foreign_company' },
    }),
  ];
  const plan = planNetworkScreening(network);
  const candidates = new Map(plan.watchlists.queries.map((q, i) => [i, q.schema === 'person' ? [unEntry(nationalities)] : []] as const));
  const screening = screenNetwork({
    asOf,
    queries: plan.watchlists.queries,
    candidates,
    versions,
    freshnessDays: defaultFreshnessDays,
    screenedEntityIds: plan.watchlists.screenedEntityIds,
  });
  const limitations = enrichmentLimitations({
    subjectEntityId: SUBJECT,
    asOf,
    network: { truncated: false, maxNodes: 200, maxDepth: 2 },
    mediaSkipped: 0,
    watchlistSkipped: 0,
    watchlistLists: screening.lists.filter((l) => l.list === 'un'),
    unmappedNationalities: plan.watchlists.unmappedNationalities,
  });
  const snap = snapshot(SUBJECT, network, {
    relationships: [rel(PARTNER, SUBJECT, 'PARTNER_OF')],
    watchlist_screening: screening,
    limitations,
  });
  snap.as_of = asOf;
  const verdict = scoreSnapshot(snap, ruleCatalogRegistry.current, { analysisWorkflowVersion: 'analysis-workflow.test' });
  const identified = verdict.signals.filter((s) => s.identified && s.pillar === 'sanctions').map((s) => s.code);
  return { plan, screening, verdict, identified };
}

describe('a foreign partner whose country Receita Federal writes inverted, matching a UN alias', () => {
  it("is screened with its nationality: the UN entry's nationality agrees and the result names it", () => {
    const { plan, screening } = analyse('SIRIA, REPUBLICA ARABE DA', ['SY']);
    expect(plan.watchlists.queries.filter((q) => q.entity_id === PARTNER).map((q) => q.nationality)).toEqual(['SY', 'SY']);
    expect(screening.matches).toHaveLength(1);
    expect(screening.matches[0]).toMatchObject({
      entity_id: PARTNER,
      entry_id: 'QDi.977',
      match: true,
      query: { nationality: 'SY' },
      features: { name: '1.0000', nationality: '1.0000', birth_date: null },
    });
    expect(screening.matches[0].explanation).toContain('nationality: confirms (SY listed)');
  });

  it('stays a possible match for an analyst (WATCHLIST_POSSIBLE_MATCH, not SANCTION_*): in catalog 2026.12.1 only a birth date or a document confirms', () => {
    expect(analyse('SIRIA, REPUBLICA ARABE DA', ['SY']).identified).toEqual(['WATCHLIST_POSSIBLE_MATCH']);
  });

  it("a listed nationality the registry's country contradicts makes it a probable namesake (not a match), still for review", () => {
    const { screening, identified } = analyse('SIRIA, REPUBLICA ARABE DA', ['IQ']);
    expect(screening.matches[0]).toMatchObject({ match: false, features: { nationality: '0.0000' } });
    expect(identified).toEqual(['WATCHLIST_POSSIBLE_MATCH']);
  });

  it("a country name no tier maps is screened without a nationality and named among the verdict's limitations", () => {
    const { screening, verdict } = analyse('REPUBLICA DE ATLANTIDA', ['SY']);
    expect(screening.matches[0]).toMatchObject({ match: true, query: { nationality: null }, features: { nationality: null } });
    expect(verdict.risk.limitations).toContain(
      "nationality_unmapped: Nationality of KHALED RAMI HADDAD unknown: country 'REPUBLICA DE ATLANTIDA' not mapped.",
    );
    expect(
      analyse('SIRIA, REPUBLICA ARABE DA', ['SY']).verdict.risk.limitations.filter((l) => l.startsWith('nationality_unmapped')),
    ).toEqual([]);
  });
});
