import { ruleCatalogV1 } from '../../../../domain/rules';
import { modifierEvaluators } from '../../../../domain/scoring/modifiers';
import { declaration, entity, mediaHit, pep, proceeding, rel, sanction } from './support/snapshot-builder';
import { signalsOf, smallNetwork } from './support/signals';

const rules = new Map(ruleCatalogV1.meta_signals.flatMap((m) => [...m.aggravants, ...m.attenuants]).map((r) => [r.code, r]));
const outcome = (code: string, input: ReturnType<typeof smallNetwork>) => {
  const { ctx, byCode } = signalsOf(input);
  return modifierEvaluators[code](ctx, byCode, rules.get(code)!);
};
const recent = { incorporation_date: '2026-06-01' };
const sameAddress = { postal_code: '01310100', primary_address: 'RUA FICTICIA 10' };
const offshore = entity(9, 'foreign_entity', 'Offshore', { hop: 1, document_type: 'foreign' });
const neighbours = Array.from({ length: 5 }, (_, i) => entity(100 + i, 'organization', `N${i}`, { hop: 2, profile: sameAddress }));

const cases: [string, string, ReturnType<typeof smallNetwork>, boolean][] = [
  [
    'AGG_SANCTIONS_ACCUMULATED',
    'CEIS and CNEP on the subject',
    smallNetwork({ sanctions: [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null)] }),
    true,
  ],
  ['AGG_SANCTIONS_ACCUMULATED', 'one sanction', smallNetwork({ sanctions: [sanction(1, 1, 'ceis', null, null)] }), false],
  [
    'AGG_SANCTIONS_SUBJECT_AND_PARTNER',
    'subject and partner',
    smallNetwork({ sanctions: [sanction(1, 1, 'ceis', null, null), sanction(2, 2, 'ceis', null, null)] }),
    true,
  ],
  ['AGG_SANCTIONS_SUBJECT_AND_PARTNER', 'subject only', smallNetwork({ sanctions: [sanction(1, 1, 'ceis', null, null)] }), false],
  ['ATT_SANCTIONS_INDIRECT_ONLY', 'two hops away only', smallNetwork({ sanctions: [sanction(1, 4, 'ceis', null, null)] }), true],
  ['ATT_SANCTIONS_INDIRECT_ONLY', 'a direct partner', smallNetwork({ sanctions: [sanction(1, 2, 'ceis', null, null)] }), false],
  [
    'AGG_PEP_SENIOR_ROLE',
    'an elected partner',
    smallNetwork({ pep_records: [pep(1, 2, '2023-01-01', null, { pep_type: 'elected_official' })] }),
    true,
  ],
  [
    'AGG_PEP_SENIOR_ROLE',
    'a senior level (NE)',
    smallNetwork({ pep_records: [pep(1, 2, '2023-01-01', null, { role_level: 'NE' })] }),
    true,
  ],
  ['AGG_PEP_SENIOR_ROLE', 'a mid-level official', smallNetwork({ pep_records: [pep(1, 2, '2023-01-01', null)] }), false],
  ['AGG_PEP_CONTROLS_SUBJECT', 'a PEP partner of the subject', smallNetwork({ pep_records: [pep(1, 2, '2023-01-01', null)] }), true],
  ['AGG_PEP_CONTROLS_SUBJECT', 'a PEP two hops away', smallNetwork({ pep_records: [pep(1, 4, '2023-01-01', null)] }), false],
  ['ATT_PEP_GRACE_ONLY', 'every PEP left office', smallNetwork({ pep_records: [pep(1, 2, '2015-01-01', '2024-01-01')] }), true],
  [
    'ATT_PEP_GRACE_ONLY',
    'a PEP in office',
    smallNetwork({ pep_records: [pep(1, 2, '2015-01-01', '2024-01-01'), pep(2, 4, '2023-01-01', null)] }),
    false,
  ],
  ['ATT_PEP_INDIRECT_ONLY', 'two hops away only', smallNetwork({ pep_records: [pep(1, 4, '2023-01-01', null)] }), true],
  ['ATT_PEP_INDIRECT_ONLY', 'a direct partner', smallNetwork({ pep_records: [pep(1, 2, '2023-01-01', null)] }), false],
  [
    'AGG_PROCEEDING_RECENT_DECISION',
    'a decision 18 months ago',
    smallNetwork({ proceedings: [proceeding(1, [{ entity_id: 1, role: null }], { status: 'condenado', decision_date: '2025-05-21' })] }),
    true,
  ],
  [
    'AGG_PROCEEDING_RECENT_DECISION',
    'a decision 3 years ago',
    smallNetwork({ proceedings: [proceeding(1, [{ entity_id: 1, role: null }], { status: 'condenado', decision_date: '2023-11-01' })] }),
    false,
  ],
  [
    'ATT_PROCEEDINGS_ASSOCIATE_ONLY',
    'only the partner is a party',
    smallNetwork({ proceedings: [proceeding(1, [{ entity_id: 2, role: null }])] }),
    true,
  ],
  [
    'ATT_PROCEEDINGS_ASSOCIATE_ONLY',
    'the subject is a party',
    smallNetwork({
      proceedings: [
        proceeding(1, [
          { entity_id: 1, role: null },
          { entity_id: 2, role: null },
        ]),
      ],
    }),
    false,
  ],
  [
    'AGG_REGISTRY_MULTIPLE_FLAGS',
    'special situation and recent incorporation',
    smallNetwork({}, { ...recent, special_status: 'RECUPERACAO JUDICIAL' }),
    true,
  ],
  ['AGG_REGISTRY_MULTIPLE_FLAGS', 'recent incorporation alone', smallNetwork({}, recent), false],
  [
    'ATT_REGISTRY_RECENT_WITH_DECLARED_UBO',
    'new, with a declared person',
    smallNetwork({ ownership_declarations: [declaration(1, 1, 2)] }, recent),
    true,
  ],
  ['ATT_REGISTRY_RECENT_WITH_DECLARED_UBO', 'new, nobody declared', smallNetwork({}, recent), false],
  [
    'AGG_OWNERSHIP_FOREIGN_AND_OPAQUE',
    'a foreign owner without owners',
    smallNetwork({ relationships: [rel(9, 1, 'OWNS')] }, {}, [offshore]),
    true,
  ],
  ['AGG_OWNERSHIP_FOREIGN_AND_OPAQUE', 'resolved owners only', smallNetwork(), false],
  ['ATT_OWNERSHIP_DECLARED_UBO', 'a declared person', smallNetwork({ ownership_declarations: [declaration(1, 1, 2)] }), true],
  ['ATT_OWNERSHIP_DECLARED_UBO', 'a declared company', smallNetwork({ ownership_declarations: [declaration(1, 1, 3)] }), false],
  [
    'ATT_OWNERSHIP_DECLARED_UBO',
    'a declaration saying it is no beneficial ownership',
    smallNetwork({ ownership_declarations: [declaration(1, 1, 2, { beneficial_ownership_or_control: false })] }),
    false,
  ],
  [
    'AGG_MEDIA_MULTIPLE_SOURCES',
    'three sources',
    smallNetwork({ media_hits: ['A', 'B', 'C'].map((src, i) => mediaHit(`m${i}`, 1, 'fraud', { source: src })) }),
    true,
  ],
  [
    'AGG_MEDIA_MULTIPLE_SOURCES',
    'two sources',
    smallNetwork({ media_hits: ['A', 'B', 'B'].map((src, i) => mediaHit(`m${i}`, 1, 'fraud', { source: src })) }),
    false,
  ],
  [
    'ATT_MEDIA_STALE',
    'every article older than 5 years',
    smallNetwork({ media_hits: [mediaHit('a', 1, 'fraud', { published_at: '2020-01-01T00:00:00Z' })] }),
    true,
  ],
  [
    'ATT_MEDIA_STALE',
    'a recent article',
    smallNetwork({ media_hits: [mediaHit('a', 1, 'fraud', { published_at: '2020-01-01T00:00:00Z' }), mediaHit('b', 1, 'fraud')] }),
    false,
  ],
  ['AGG_NETWORK_SHELL_PATTERN', 'new company at a crowded address', smallNetwork({}, { ...recent, ...sameAddress }, neighbours), true],
  ['AGG_NETWORK_SHELL_PATTERN', 'an old company at a crowded address', smallNetwork({}, sameAddress, neighbours), false],
];

describe('modifiers: whether each applies (as_of 2026-11-21)', () => {
  it.each(cases)('%s: %s → %s', (code, _name, input, applies) => {
    expect(outcome(code, input).applies).toBe(applies);
  });

  it('has a case that applies and one that does not for every modifier of the catalog', () => {
    for (const code of rules.keys())
      expect([code, new Set(cases.filter((c) => c[0] === code).map((c) => c[3]))]).toEqual([code, new Set([true, false])]);
  });

  it('brings the evidence that made it apply, none when it does not', () => {
    const input = smallNetwork({ sanctions: [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null)] });
    expect(outcome('AGG_SANCTIONS_ACCUMULATED', input).evidences.map((e) => e.key)).toEqual(['sanction', 'sanction']);
    expect(outcome('AGG_SANCTIONS_SUBJECT_AND_PARTNER', input)).toEqual({ applies: false, evidences: [], limitations: [] });
  });
});
