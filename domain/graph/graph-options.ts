import { ruleCatalogV1 } from '../rules/catalog-v1';
import type { RuleCatalog } from '../rules/types';
import { pepGraceYears } from '../snapshot-facts/pep-status';
import { resolveUboThresholdPercent } from '../snapshot-facts/ubo-threshold';

/** What the graph needs of an evaluated signal (domain/analysis/verdict.ts EvaluatedSignal fits). */
export type GraphSignal = {
  code: string;
  identified: boolean;
  observed_entity_ids: number[];
  graph_paths: number[][];
  /** Points 0–100; mapped to a severity through the fixed risk bands. */
  score?: number;
  pillar?: string;
};

export type GraphOptions = {
  maxDepth: number;
  maxNodes: number;
  /** UBO_THRESHOLD_PERCENT; the kernel's default (snapshot-facts/ubo-threshold.ts) when absent. */
  uboThresholdPercent?: number;
  /** The rule catalog the verdict was scored with (its PEP grace period); ruleCatalogV1 when absent. */
  catalog?: RuleCatalog;
  /** Most new neighbours taken from one node; defaults to DEFAULT_MAX_FAN_OUT. */
  maxFanOut?: number;
};

export const DEFAULT_MAX_FAN_OUT = 1000;

/** The options with their defaults, resolved the way scoring resolves the same facts. */
export type ResolvedGraphOptions = {
  maxDepth: number;
  maxNodes: number;
  maxFanOut: number;
  uboThresholdPercent: number;
  pepGraceYears: number;
};

export function resolveGraphOptions(options: GraphOptions): ResolvedGraphOptions {
  return {
    maxDepth: options.maxDepth,
    maxNodes: options.maxNodes,
    maxFanOut: options.maxFanOut ?? DEFAULT_MAX_FAN_OUT,
    uboThresholdPercent: resolveUboThresholdPercent(options.uboThresholdPercent),
    // The graph's network PEPs use the grace period the verdict's PEP signals used.
    pepGraceYears: pepGraceYears(options.catalog ?? ruleCatalogV1),
  };
}
