import type { UboFinding } from '../types';
import type { DeclaredInterest } from './declared-owners';
import { compare, isZero, Rational, sub, toPercentNumber, ZERO } from './rational';
import { entityRef, limitation, UboContext } from './ubo-context';
import { findUboPaths } from './ubo-paths';
import { resolveVotingControl } from './voting-control';

const ONE_POINT = { n: 1n, d: 100n } as Rational;
const pct = (r: Rational) => `${toPercentNumber(r)}%`;

/**
 * The finding for one natural person, or undefined when the person is not a beneficial owner:
 * declared (BODS), effective ownership above the threshold, majority voting control, or a holding
 * of unknown size (Receita partner data) that may make the person one.
 */
export function buildUboFinding(ctx: UboContext, personId: number, declared: DeclaredInterest[]): UboFinding | undefined {
  const person = ctx.entities.get(personId);
  const subjectId = ctx.subject.entity_id;
  if (!person || person.entity_type !== 'person') return undefined;
  const { ownership } = ctx;
  const flow = ownership.flow.get(personId) ?? ZERO;
  const partial = ownership.unknownRoute.has(personId);
  const control = ownership.upstream.has(personId) ? resolveVotingControl(personId, subjectId, ctx.ownedBy, ownership.upstream) : undefined;
  const controls = control?.controlsTarget ?? false;
  const owns = compare(flow, ctx.threshold) > 0;
  if (declared.length === 0 && !owns && !controls && !partial) return undefined;

  const { paths, truncated } = ownership.upstream.has(personId)
    ? findUboPaths(subjectId, personId, ownership.ownersOf, ctx.ownedBy, ctx.cyclic)
    : { paths: [], truncated: false };
  const direct =
    (ownership.ownersOf.get(subjectId) ?? []).some((l) => l.owner === personId) || declared.some((d) => d.declaration.is_direct === true);
  const limitations = [];
  if (partial)
    limitations.push(
      limitation(
        'ownership_percentage_unknown',
        personId,
        'A holding on the chain has no known percentage (Receita Federal partner data carries none): the effective ownership is a lower bound or unknown.',
        { known_lower_bound_percentage: toPercentNumber(flow) },
      ),
    );
  if (truncated)
    limitations.push(limitation('ubo_paths_truncated', personId, 'Not every ownership chain is listed.', { listed: paths.length }));

  const computedPercent = isZero(flow) && partial ? null : toPercentNumber(flow);
  const votes = control && !isZero(control.votesOnTarget) ? toPercentNumber(control.votesOnTarget) : null;
  const base = {
    beneficial_owner: entityRef(person),
    organization: entityRef(ctx.subject),
    is_direct: direct,
    control_chain_depth: controls && !owns ? control!.depth : (paths[0]?.depth ?? (direct ? 1 : 0)),
    voting_percentage: votes,
    limitations,
    paths,
  };

  if (declared.length > 0) {
    const d = declared[0];
    const share = d.share ?? d.range?.minimum ?? null;
    if (d.range)
      limitations.push(
        limitation('declared_share_range', personId, 'The declaration gives a range, not an exact share: the minimum is reported.', {
          minimum: d.range.minimum && toPercentNumber(d.range.minimum),
          maximum: d.range.maximum && toPercentNumber(d.range.maximum),
        }),
      );
    const differs = share !== null && !partial && ownership.upstream.has(personId) && compare(abs(sub(share, flow)), ONE_POINT) > 0;
    if (differs)
      limitations.push(
        limitation(
          'declared_differs_from_computed',
          personId,
          'The declared share differs from the share computed from the registry chains by more than one percentage point.',
          { declared_percentage: toPercentNumber(share!), computed_percentage: toPercentNumber(flow) },
        ),
      );
    return {
      ...base,
      beneficial_ownership_type: 'declared_ubo',
      confidence_level: 'high',
      control_type: d.controlType,
      status: differs ? 'discrepancy' : 'confirmed',
      source: 'declared_beneficial_ownership',
      identification_reason: `Declared beneficial owner of ${ctx.subject.display_name} (BODS statement ${d.declaration.statement_id}${share ? `, ${pct(share)}` : ''}).`,
      ownership_percentage: share ? toPercentNumber(share) : computedPercent,
    };
  }
  const highConfidence = !partial && paths.every((p) => p.edge_keys.every((k) => isHighConfidence(ctx, k)));
  if (owns || controls) {
    return {
      ...base,
      beneficial_ownership_type: owns ? 'computed_ownership' : 'control',
      confidence_level: highConfidence ? 'high' : 'medium',
      control_type: owns && controls ? 'both' : owns ? 'ownership' : 'voting',
      status: partial ? 'probable' : 'confirmed',
      source: 'computed',
      identification_reason: owns
        ? `Holds ${partial ? 'at least ' : ''}${pct(flow)} of ${ctx.subject.display_name} summed over every ownership chain, above the ${ctx.thresholdPercent}% threshold.`
        : `Controls ${ctx.subject.display_name} through majority voting at every layer (${control!.depth} layer${control!.depth === 1 ? '' : 's'}).`,
      ownership_percentage: computedPercent,
    };
  }
  return {
    ...base,
    beneficial_ownership_type: 'registry_partner',
    confidence_level: direct ? 'medium' : 'low',
    control_type: 'ownership',
    status: 'unverified',
    source: 'registry_partner_data',
    identification_reason: `Partner on the registry chain of ${ctx.subject.display_name} with a holding of unknown size: may exceed the ${ctx.thresholdPercent}% threshold.`,
    ownership_percentage: computedPercent,
  };
}

function abs(r: Rational): Rational {
  return r.n < 0n ? { n: -r.n, d: r.d } : r;
}

function isHighConfidence(ctx: UboContext, edgeKey: string): boolean {
  return ctx.highConfidenceEdges.has(edgeKey);
}
