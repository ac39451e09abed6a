import { addYears, toDay } from '../snapshot-facts/calendar';
import { type ModifierEvaluator, identified, identifiedIn, when, signalEvidence } from './modifier-outcome';

/** Modifiers of the adverse media and network pillars. */
export const mediaAndNetworkModifiers: Record<string, ModifierEvaluator> = {
  AGG_MEDIA_MULTIPLE_SOURCES: (_ctx, signals, rule) => {
    const sources = new Set(
      identifiedIn(signals, 'adverse_media')
        .flatMap((s) => s.evidences)
        .map((e) => (e.content as { source?: string | null }).source ?? ''),
    );
    return when(sources.size >= Number(rule.parameters.min_sources));
  },
  ATT_MEDIA_STALE: (ctx, signals, rule) => {
    const cutoff = addYears(ctx.asOf, -Number(rule.parameters.stale_years));
    const dates = identifiedIn(signals, 'adverse_media')
      .flatMap((s) => s.evidences)
      .map((e) => toDay((e.content as { published_at?: string | null }).published_at));
    return when(dates.length > 0 && dates.every((d) => d !== null && d < cutoff));
  },
  AGG_NETWORK_SHELL_PATTERN: (_ctx, signals) => {
    const pattern = ['NETWORK_MASS_PARTNER', 'NETWORK_NOMINEE_PARTNER', 'NETWORK_SHARED_ADDRESS'].filter((c) => identified(signals, c));
    const applies = identified(signals, 'REGISTRY_RECENT_INCORPORATION') && pattern.length > 0;
    return when(applies, applies ? ['REGISTRY_RECENT_INCORPORATION', ...pattern].map((c) => signalEvidence(signals.get(c)!)) : []);
  },
};
