import type { EvaluationContext } from './context';
import {
  entityRef,
  evidence,
  fromEvidences,
  limitation,
  normalizeCode,
  notIdentified,
  numberParameter,
  stringList,
  type SignalEvaluator,
} from './finding';
import { traceUpstream, type Upstream } from './ownership-chains';

// One trace per snapshot: several ownership rules read it.
const traces = new WeakMap<EvaluationContext, Upstream>();
function upstream(ctx: EvaluationContext): Upstream {
  if (!traces.has(ctx)) traces.set(ctx, traceUpstream(ctx));
  return traces.get(ctx)!;
}

function chainEvidence(ctx: EvaluationContext, chain: number[], label: string, description: string) {
  return evidence(
    'ownership_chain',
    label,
    description,
    chain.map((id) => entityRef(ctx, id)),
    { depth: chain.length - 1 },
  );
}

function isForeign(ctx: EvaluationContext, id: number): boolean {
  const entity = ctx.entity(id);
  return entity?.entity_type === 'foreign_entity' || entity?.document_type === 'foreign';
}

const foreignOwner: SignalEvaluator = (ctx) => {
  const up = upstream(ctx);
  const foreign = [...up.depth.keys()].sort((a, b) => a - b).filter((id) => isForeign(ctx, id));
  return fromEvidences(
    foreign.map((id) =>
      chainEvidence(
        ctx,
        up.chainTo(id),
        `Foreign owner ${ctx.entity(id)?.display_name ?? id}`,
        `A foreign entity owns the subject at depth ${up.depth.get(id)}`,
      ),
    ),
    foreign,
  );
};

const unresolvedChain: SignalEvaluator = (ctx, rule) => {
  const up = upstream(ctx);
  const resolvedTypes = stringList(rule.parameters.resolved_terminal_types);
  const leaves = [...up.depth.keys()].sort((a, b) => a - b).filter((id) => ctx.ownersOf(id).length === 0);
  const unresolved = leaves.filter((id) => !resolvedTypes.includes(ctx.entity(id)?.entity_type ?? 'unknown'));
  const atEdge = unresolved.filter((id) => ctx.entity(id) === undefined || (ctx.hop(id) ?? 0) >= ctx.snapshot.network.max_depth);
  const limitations =
    atEdge.length > 0 || ctx.snapshot.network.truncated
      ? [
          limitation(
            ['network.max_depth', 'network.truncated'],
            `${atEdge.length} chain(s) end at the snapshot's depth or size limit: their owners may exist beyond it.`,
          ),
        ]
      : [];
  return fromEvidences(
    unresolved.map((id) =>
      chainEvidence(
        ctx,
        up.chainTo(id),
        `Chain ends at ${ctx.entity(id)?.display_name ?? id}`,
        `The chain ends in a legal entity (${ctx.entity(id)?.entity_type ?? 'unknown'}) without a known owner`,
      ),
    ),
    unresolved,
    limitations,
  );
};

const cycle: SignalEvaluator = (ctx) => {
  const cycles = upstream(ctx).cycles;
  return fromEvidences(
    cycles.map((c) =>
      evidence(
        'ownership_chain',
        `Ownership cycle of ${c.length - 1} entities`,
        'Each entity owns the next and the last owns the first',
        c.map((id) => entityRef(ctx, id)),
        { cycle_length: c.length - 1 },
      ),
    ),
    cycles.flat(),
  );
};

const deepChain: SignalEvaluator = (ctx, rule) => {
  const up = upstream(ctx);
  const minDepth = numberParameter(rule, 'min_depth');
  const deepest = Math.max(0, ...up.depth.values());
  if (deepest < minDepth) return notIdentified();
  const owners = [...up.depth.entries()]
    .filter(([, d]) => d === deepest)
    .map(([id]) => id)
    .sort((a, b) => a - b);
  return fromEvidences(
    owners.map((id) =>
      chainEvidence(
        ctx,
        up.chainTo(id),
        `Chain of depth ${deepest}`,
        `The shortest chain to ${ctx.entity(id)?.display_name ?? id} has ${deepest} levels`,
      ),
    ),
    owners,
  );
};

const noKnownOwners: SignalEvaluator = (ctx, rule) => {
  const profile = ctx.subject.profile ?? {};
  const legalNature = normalizeCode(profile.legal_nature_code);
  const exempt = stringList(rule.parameters.exempt_legal_nature_codes).includes(legalNature) || profile.mei_option === true;
  if (!stringList(rule.parameters.organization_types).includes(ctx.subject.entity_type) || exempt) return notIdentified();
  if (ctx.ownersOf(ctx.subjectId).length > 0) return notIdentified();
  const limitations =
    legalNature === ''
      ? [limitation(['legal_nature_code'], 'The legal nature is unknown: a sole proprietorship cannot be ruled out.')]
      : [];
  return fromEvidences(
    [
      evidence(
        'legal_nature',
        `Legal nature ${legalNature || 'unknown'}`,
        'Owners are expected for this legal nature but none is known',
        { legal_nature_code: profile.legal_nature_code ?? null, legal_nature_description: profile.legal_nature_description ?? null },
        {},
      ),
    ],
    [ctx.subjectId],
    limitations,
  );
};

export const ownershipEvaluators: Record<string, SignalEvaluator> = {
  OWNERSHIP_FOREIGN_OWNER: foreignOwner,
  OWNERSHIP_UNRESOLVED_CHAIN: unresolvedChain,
  OWNERSHIP_CYCLE: cycle,
  OWNERSHIP_DEEP_CHAIN: deepChain,
  OWNERSHIP_NO_KNOWN_OWNERS: noKnownOwners,
};
