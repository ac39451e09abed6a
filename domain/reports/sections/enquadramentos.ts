import { identifiedSignals } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/** COAF enquadramentos: the manifest's rules applied to the identified signals, in the table's order. */
export const buildEnquadramentos: SectionBuilder = (input) => {
  const identified = new Set(identifiedSignals(input).map((s) => s.code));
  const codes = input.manifest.coaf.enquadramentos
    .map((entry) => {
      const signals = input.manifest.coaf.enquadramento_rules
        .filter((r) => r.code === entry.code)
        .flatMap((r) => r.signal_codes)
        .filter((c) => identified.has(c));
      return { code: entry.code, description: entry.description, reference: entry.reference, signal_codes: [...new Set(signals)] };
    })
    .filter((e) => e.signal_codes.length > 0);
  return { content: { enquadramentos: codes }, sources: ['verdict.signals', 'manifest.coaf.enquadramento_rules'] };
};
