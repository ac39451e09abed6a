import { z } from 'zod';
import { PILLARS } from '../../../domain/analysis/verdict';
import { profileEnumFields } from '../../../domain/entity-store/subject-profile-fields';
import { ruleCatalogs } from '../../../domain/rules';
import { subjectProfileSchema } from '../entities/entity-schemas';
import { analysisPersonReadExample, analysisReadExample } from './analysis-examples';

/**
 * The verdict parts of the analysis read form, exactly (docs/analyses.md, "The read form, field by
 * field"): `risk`, `subject`, `signal_counts`, the signals and the explanation. Every object is closed
 * (additionalProperties false) and every closed vocabulary is an enum taken from the rule catalogs the
 * service ships (domain/rules: a catalog is append-only, so a verdict of an older catalog still
 * validates). Only evidence `content` and `metadata` stay open: their shape depends on the evidence key
 * (the snapshot record the rule saw). Checked against the golden verdicts
 * (test/unit/api/resources/analyses/analysis-verdict-schemas.test.ts) and against real responses over
 * the stack (test/integration/analysis-read-form-schemas.test.ts).
 */

const distinct = (values: Iterable<string>) => [...new Set(values)].sort() as [string, ...string[]];
const signalRules = ruleCatalogs.flatMap((c) => c.signals);
const metaSignalRules = ruleCatalogs.flatMap((c) => c.meta_signals);

export const SIGNAL_CODES = distinct(signalRules.map((r) => r.code));
export const META_SIGNAL_CODES = distinct(metaSignalRules.map((m) => m.code));
export const MODIFIER_CODES = distinct(metaSignalRules.flatMap((m) => [...m.aggravants, ...m.attenuants].map((x) => x.code)));
/** `critical_risk_level` (domain/scoring/risk.ts) and every escalation a signal rule declares. */
export const ESCALATION_CODES = distinct(['critical_risk_level', ...signalRules.flatMap((r) => (r.escalation ? [r.escalation.code] : []))]);
export const RULES_VERSIONS = distinct(ruleCatalogs.map((c) => c.rules_version));
/**
 * The keys the evaluators of domain/scoring give their evidences (`evidence('<key>', …)`), plus
 * `signal` (a meta-signal's evidence of one member signal) and every key a rule declares.
 * test/unit/api/resources/analyses/analysis-verdict-schemas.test.ts holds the declared ones to it.
 */
export const EVIDENCE_KEYS = distinct([
  'address_cluster',
  'controlling_pep',
  'declaration',
  'headquarters',
  'incorporation_date',
  'legal_nature',
  'media_hit',
  'ownership_chain',
  'partner',
  'pep_record',
  'proceeding',
  'registration_status',
  'sanction',
  'signal',
  'special_status',
  'watchlist_entry',
  ...signalRules.flatMap((r) => r.evidences.map((e) => e.key)),
]);

const points = (what: string) => z.int().min(0).max(100).describe(what);
const basisPoints = (what: string) => z.int().describe(`${what}, in basis points (10000 = 1.0)`);
const entityId = z.int().positive();
const version = z.string().min(1);

export const pillarSchema = z
  .enum(PILLARS)
  .meta({ id: 'Pillar', description: 'a risk pillar: each has one meta-signal, a weight and a subscore (docs/engine.md)' });
export const signalCodeSchema = z
  .enum(SIGNAL_CODES)
  .meta({ id: 'SignalCode', description: 'a signal of the rule catalog (GET /rule-catalog; docs/rules.md)' });
export const metaSignalCodeSchema = z
  .enum(META_SIGNAL_CODES)
  .meta({ id: 'MetaSignalCode', description: 'the meta-signal of a pillar (docs/rules.md)' });
export const modifierCodeSchema = z
  .enum(MODIFIER_CODES)
  .meta({ id: 'ModifierCode', description: 'an aggravant (AGG_…) or attenuant (ATT_…) of a meta-signal (docs/rules.md)' });
export const escalationCodeSchema = z
  .enum(ESCALATION_CODES)
  .meta({ id: 'EscalationCode', description: '`critical_risk_level`, or the escalation a signal rule declares (docs/rules.md)' });
export const rulesVersionSchema = z.enum(RULES_VERSIONS).meta({
  id: 'RulesVersion',
  description: 'a rule catalog version the service has shipped (GET /rule-catalog/versions); catalogs are never removed',
});

const graphPath = z.array(entityId).min(1).describe('entity ids from the subject (first) to the observed entity (last)');

export const evidenceSchema = z
  .strictObject({
    key: z.enum(EVIDENCE_KEYS).describe('what kind of fact this is: the shape of `content` follows from it'),
    label: z.string().describe('a short title of the fact (English)'),
    description: z.string().describe('one line stating the fact (English)'),
    content: z
      .unknown()
      .describe(
        'the fact as the snapshot holds it (a sanction, a PEP record, a proceeding, a relationship…), or for `signal` the member signal and its points',
      ),
    metadata: z
      .record(z.string(), z.unknown())
      .describe('context: the entity the fact is about (`entity`: id, name, type, hop), a PEP status, a rule version…'),
  })
  .meta({ id: 'Evidence', description: 'One fact a signal or a modifier rests on (docs/analyses.md Evidence).' });

export const dataLimitationSchema = z
  .strictObject({
    fields: z.array(z.string()).describe('the snapshot fields that were missing or could not be read'),
    justification: z.string().describe('why that limits the rule (English)'),
  })
  .meta({
    id: 'DataLimitation',
    description: 'What a rule could not see in this snapshot, and why it matters (docs/analyses.md Limitation).',
  });

export const modifierSchema = z
  .strictObject({
    code: modifierCodeSchema,
    name: z.string().describe("the modifier's name in the catalog"),
    multiplier_delta: basisPoints("added to the meta-signal's multiplier: > 0 an aggravant, < 0 an attenuant"),
    evidences: z.array(evidenceSchema).describe('the facts that made it apply'),
    limitations: z.array(dataLimitationSchema),
  })
  .meta({ id: 'Modifier', description: 'An aggravant or attenuant that applied to a meta-signal (docs/analyses.md Modifier).' });

export const metaSignalSchema = z
  .strictObject({
    code: metaSignalCodeSchema,
    name: z.string().describe("the meta-signal's name in the catalog"),
    version: version.describe("version of the meta-signal's rule"),
    kind: z.enum(['observable']).describe('`observable`: aggregates the signals observed in the snapshot'),
    pillar: pillarSchema,
    identified: z.boolean().describe('true when at least one signal of the pillar is identified'),
    assessed_entity_id: entityId.describe('the entity the rule assessed: the subject'),
    root_entity_id: entityId.describe('the subject of the analysis'),
    base_score: points("min(100, the sum of the pillar's identified points)"),
    signal_multiplier: basisPoints("10000 + the applied deltas, clamped to the catalog's bounds").min(0),
    adjusted_score: points("min(100, round(base_score × signal_multiplier / 10000)): the pillar's subscore"),
    applied_aggravants: z.array(modifierSchema),
    applied_attenuants: z.array(modifierSchema),
    evidences: z.array(evidenceSchema).describe('one `signal` evidence per identified member signal'),
    graph_paths: z.array(graphPath).describe("one path per identified member signal's observed entity"),
    limitations: z.array(dataLimitationSchema).describe("the member signals' limitations"),
    observed_entity_ids: z.array(entityId).describe('the entities the member signals observed, ascending'),
  })
  .meta({
    id: 'MetaSignal',
    description:
      "One per pillar: the pillar's signals adjusted by aggravants and attenuants (docs/analyses.md MetaSignal, docs/engine.md).",
  });

export const pillarBreakdownSchema = z
  .strictObject({
    pillar: pillarSchema,
    base_points: z.int().min(0).describe("the sum of the points of the pillar's identified signals (uncapped)"),
    subscore: points("the pillar's meta-signal adjusted_score"),
    weight: basisPoints("the pillar's weight in the catalog").min(0),
    weighted_score: z.int().min(0).describe('round(subscore × weight / 10000)'),
    identified_signal_codes: z.array(signalCodeSchema).describe("the pillar's identified signals, in catalog order"),
  })
  .meta({ id: 'PillarBreakdown', description: 'How one pillar contributes to the diffuse score (docs/engine.md).' });

export const bandFloorSchema = z
  .strictObject({
    floor_score: points('the least final score this signal allows'),
    reason: z.string().describe("the rule's reason (English)"),
    source_code: signalCodeSchema.describe('the identified signal whose floor this is'),
  })
  .meta({ id: 'BandFloor', description: 'A dispositive floor of an identified signal (docs/engine.md); highest first, ties by code.' });

export const escalationReasonSchema = z
  .strictObject({
    code: escalationCodeSchema,
    reason: z.string().describe('why (English)'),
    source_signal_code: signalCodeSchema
      .nullable()
      .describe(
        'the signal that escalates; for `critical_risk_level` the signal whose floor set the score, null when the diffuse score did',
      ),
  })
  .meta({ id: 'EscalationReason', description: 'Why escalation is required (docs/engine.md).' });

export const riskLevelSchema = z
  .enum(['low', 'medium', 'high', 'critical'])
  .meta({ id: 'RiskLevel', description: 'low 0–24, medium 25–49, high 50–74, critical 75–100' });
const riskLevel = riskLevelSchema;

/** The score and level only: what the sync POST /analyses answers (the whole risk is in the read form). */
export const riskSummarySchema = z
  .strictObject({
    score: points('the final score: max(diffuse_score, dispositive_floor)'),
    risk_level: riskLevel,
  })
  .meta({ id: 'RiskSummary', description: 'The final score and its level; GET /api/analyses/{uuid} gives the whole risk.' });

export const analysisRiskSchema = z
  .strictObject({
    score: points('the final score: max(diffuse_score, dispositive_floor)'),
    risk_level: riskLevel,
    diffuse_score: points("min(100, the sum of the pillars' weighted scores)"),
    dispositive_floor: points('the highest band floor applied, 0 when none'),
    review_recommended: z.boolean().describe("the level is at least the catalog's review_recommended_from (medium)"),
    review_required: z
      .boolean()
      .describe(
        "the level is at least the catalog's review_required_from, or an identified signal requires review: a case is opened (docs/people-and-cases.md)",
      ),
    escalation_required: z.boolean().describe('true when escalation_reasons is not empty'),
    escalation_reasons: z.array(escalationReasonSchema),
    band_floors_applied: z.array(bandFloorSchema).describe('every floor of an identified signal, highest first'),
    limitations: z
      .array(z.string())
      .describe("`<code>: <message>`: the snapshot's own limitations (enrichment), then each signal's, de-duplicated"),
    meta_signals: z.array(metaSignalSchema).describe('one per pillar, in pillar order'),
    pillar_breakdown: z.array(pillarBreakdownSchema).describe('one per pillar, in pillar order'),
  })
  .meta({
    id: 'AnalysisRisk',
    description: 'The risk of a completed analysis, every number an integer (docs/analyses.md risk, docs/engine.md).',
  });

export const pillarSignalCountsSchema = z
  .strictObject({
    identified: z.int().min(0).describe('signals of the pillar identified'),
    evaluated: z.int().min(0).describe('signals of the pillar evaluated (every rule of the catalog)'),
    score_sum: z.int().min(0).describe("the points of the pillar's identified signals"),
  })
  .meta({ id: 'PillarSignalCounts' });

export const signalCountsSchema = z
  .strictObject({
    score_sum: z.int().min(0).describe("the sum of the identified signals' points (before pillar caps and modifiers)"),
    total: z.int().min(0).describe('signals evaluated'),
    identified: z.int().min(0).describe('signals identified'),
    by_pillar: z
      .strictObject(
        Object.fromEntries(PILLARS.map((p) => [p, pillarSignalCountsSchema])) as Record<
          (typeof PILLARS)[number],
          typeof pillarSignalCountsSchema
        >,
      )
      .describe('every pillar, each with its counts'),
  })
  .meta({ id: 'SignalCounts', description: 'How many signals were evaluated and identified, in all and per pillar.' });

const enumFields = Object.fromEntries(['entity_type', ...Object.keys(profileEnumFields)].map((f) => [f, true as const]));
/**
 * docs/analyses.md: the read form of the subject is the SubjectProfile without `entity_type` and the
 * enumerated fields; one shape for a person and an organization, every field present, null when it
 * does not apply or is unknown.
 */
export const analysisSubjectSchema = subjectProfileSchema.omit(enumFields).meta({
  id: 'AnalysisSubject',
  description:
    'The subject as the verdict saw it at as_of: the SubjectProfile without `entity_type` and the enumerated fields. One shape for a person and an organization: every field present, null when it does not apply or is unknown (a person has no legal_name, capital_social or ubo_count; an organization no birth_date).',
  examples: [analysisReadExample.subject, analysisPersonReadExample.subject],
});

export const evaluatedSignalSchema = z
  .strictObject({
    code: signalCodeSchema,
    name: z.string().describe("the signal's name in the catalog"),
    pillar: pillarSchema,
    version: version.describe("version of this signal's rule"),
    identified: z.boolean(),
    base_points: points('the points the rule gives when identified'),
    score: points('base_points when identified, else 0'),
    root_entity_id: entityId.describe('the subject of the analysis'),
    assessed_entity_id: entityId.describe('the entity the rule assessed: the subject'),
    observed_entity_ids: z.array(entityId).describe('the entities the evidences are about, ascending; empty when not identified'),
    evidences: z.array(evidenceSchema),
    limitations: z.array(dataLimitationSchema).describe('what the rule could not see in this snapshot (also when not identified)'),
    graph_paths: z.array(graphPath).describe('one path per observed entity'),
  })
  .meta({ id: 'EvaluatedSignal', description: 'One signal of the catalog as evaluated on the snapshot, identified or not.' });

export const explanationItemSchema = z
  .strictObject({
    step: z.int().min(1).describe('1-based position: the explanation reads in this order'),
    kind: z.enum(['signal', 'pillar', 'modifier', 'band_floor', 'score', 'escalation', 'limitation']),
    code: z
      .string()
      .describe(
        'by kind: the signal code (`signal`), the modifier code (`modifier`), the pillar (`pillar`), the signal of the floor (`band_floor`), `final_score` (`score`), the escalation code (`escalation`), `limitation` (`limitation`)',
      ),
    pillar: pillarSchema.nullable(),
    points: z
      .int()
      .describe(
        "what this step contributes: signal points, the modifier's delta in basis points, the weighted pillar score, the floor, the final score; 0 for escalations and limitations",
      ),
    version: version.describe('the version of the rule or catalog the step comes from'),
    text: z.string().describe('the step in words (English)'),
  })
  .meta({ id: 'ExplanationItem' });
