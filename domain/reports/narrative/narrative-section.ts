import { fingerprint, sha256Hex } from '../../fingerprint';
import type { RegulatoryManifest, ReportType } from '../../regulatory/manifest-types';
import type { NarrativeAuthor, SectionOf } from '../report-types';
import { collectNarrativeFacts, SIGNAL_CODE_PATTERN } from './narrative-facts';

export type NarrativeWriterIdentity = { model: string | null; promptVersion: string | null };

/** What a writer is given: the deterministic sections' contents, keyed. Its hash is the input_sha256. */
export function narrativeInput(type: ReportType, key: string, sections: readonly SectionOf<'deterministic'>[]) {
  return { report_type: type, section_key: key, sections: Object.fromEntries(sections.map((s) => [s.key, s.content])) };
}

/** A narrative section of one revision, with the provenance docs/reports.md asks for (model, prompt, hashes, author). */
export function narrativeSection(args: {
  manifest: RegulatoryManifest;
  type: ReportType;
  key: string;
  title: string;
  sections: readonly SectionOf<'deterministic'>[];
  text: string;
  writer: NarrativeWriterIdentity;
  author: NarrativeAuthor;
}): SectionOf<'narrative'> {
  const facts = collectNarrativeFacts(args.sections);
  const cited = [...new Set(args.text.match(SIGNAL_CODE_PATTERN) ?? [])].filter((c) => facts.codes.has(c)).sort();
  const mapped = args.manifest.mappings.filter((m) => m.report_type === args.type && m.section_key === args.key);
  return {
    key: args.key,
    title: args.title,
    kind: 'narrative',
    content: args.text,
    provenance: {
      sources: args.sections.map((s) => `sections.${s.key}`),
      signal_codes: cited,
      requirement_ids: [...new Set(mapped.map((m) => m.requirement_id))].sort(),
      operational_model: args.writer.model,
      operational_prompt_version: args.writer.promptVersion,
      input_sha256: fingerprint(narrativeInput(args.type, args.key, args.sections)),
      output_sha256: sha256Hex(args.text),
      author: args.author,
    },
  };
}
