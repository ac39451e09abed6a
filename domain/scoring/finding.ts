import type { Evidence, EvaluatedSignal, GraphPath, Limitation } from '../analysis/verdict';
import type { SignalRule } from '../rules/types';
import type { EvaluationContext } from './context';

/** What an evaluator observed for one rule. */
export type Finding = {
  identified: boolean;
  evidences: Evidence[];
  limitations: Limitation[];
  observed_entity_ids: number[];
};

export type SignalEvaluator = (ctx: EvaluationContext, rule: SignalRule) => Finding;

export function notIdentified(limitations: Limitation[] = []): Finding {
  return { identified: false, evidences: [], limitations, observed_entity_ids: [] };
}

/** Identified when there is at least one evidence. */
export function fromEvidences(evidences: Evidence[], observedEntityIds: number[], limitations: Limitation[] = []): Finding {
  return { identified: evidences.length > 0, evidences, limitations, observed_entity_ids: evidences.length > 0 ? observedEntityIds : [] };
}

export function evidence(
  key: string,
  label: string,
  description: string,
  content: unknown,
  metadata: Record<string, unknown> = {},
): Evidence {
  return { key, label, description, content, metadata };
}

export function limitation(fields: string[], justification: string): Limitation {
  return { fields, justification };
}

export function uniqueSorted(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The finding, completed with the rule's identity, its points and graph hints. */
export function toEvaluatedSignal(ctx: EvaluationContext, rule: SignalRule, finding: Finding): EvaluatedSignal {
  const observed = uniqueSorted(finding.observed_entity_ids);
  const paths: GraphPath[] = finding.identified ? observed.map((id) => ctx.pathTo(id)) : [];
  return {
    code: rule.code,
    name: rule.name,
    pillar: rule.pillar,
    version: rule.version,
    identified: finding.identified,
    base_points: rule.base_points,
    score: finding.identified ? rule.base_points : 0,
    root_entity_id: ctx.subjectId,
    assessed_entity_id: ctx.subjectId,
    observed_entity_ids: observed,
    evidences: finding.evidences,
    limitations: finding.limitations,
    graph_paths: paths,
  };
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function numberParameter(rule: SignalRule, name: string): number {
  const value = rule.parameters[name];
  if (typeof value !== 'number') throw new Error(`rule ${rule.code}: parameter ${name} must be a number`);
  return value;
}

/** Upper-case, accents removed, trimmed: registry codes and statuses compare in this form. */
export function normalizeCode(value: unknown): string {
  return typeof value === 'string'
    ? value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .trim()
        .toUpperCase()
    : '';
}

/** An entity reference for evidence content. */
export function entityRef(ctx: EvaluationContext, id: number) {
  const entity = ctx.entity(id);
  return { entity_id: id, display_name: entity?.display_name ?? null, entity_type: entity?.entity_type ?? null, hop: ctx.hop(id) ?? null };
}
