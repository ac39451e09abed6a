import type { Config } from '../../../config/config';
import type { ReportType } from '../../../domain/regulatory/manifest-types';
import { findUnsupportedCitations } from '../../../domain/reports/narrative/check-citations';
import { collectNarrativeFacts } from '../../../domain/reports/narrative/narrative-facts';
import { narrativeInput, type NarrativeWriterIdentity } from '../../../domain/reports/narrative/narrative-section';
import { TEMPLATE_VERSION, TEMPLATE_WRITER_MODEL, writeTemplateNarrative } from '../../../domain/reports/narrative/template-writer';
import { narrativePromptV1 } from '../../../domain/reports/prompts/narrative-prompt-v1';
import type { SectionOf } from '../../../domain/reports/report-types';
import { canonicalJson } from '../../../domain/canonical-json';
import { UpstreamRejectedError } from '../../../domain/errors';
import { completeChat } from '../../../infra/openai-chat-client';

export type NarrativeRequest = { type: ReportType; key: string; title: string; sections: readonly SectionOf<'deterministic'>[] };
export type NarrativeWriter = { identity: NarrativeWriterIdentity; write: (request: NarrativeRequest) => Promise<string> };

export const templateWriter: NarrativeWriter = {
  identity: { model: TEMPLATE_WRITER_MODEL, promptVersion: TEMPLATE_VERSION },
  write: async (r) => writeTemplateNarrative(r.type, r.key, r.sections),
};

/** The OpenAI-compatible writer: the versioned prompt over the sections; output checked against their facts. */
export function openAiWriter(config: Config): NarrativeWriter {
  const settings = {
    baseUrl: config.OPENAI_BASE_URL!,
    model: config.OPENAI_MODEL!,
    apiKey: config.OPENAI_API_KEY,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
  };
  return {
    identity: { model: `openai-compatible:${settings.model}`, promptVersion: narrativePromptV1.version },
    write: async (r) => {
      const facts = canonicalJson(narrativeInput(r.type, r.key, r.sections).sections);
      const text = await completeChat(settings, [
        { role: 'system', content: narrativePromptV1.system },
        { role: 'user', content: narrativePromptV1.user(r.type, r.key, r.title, facts) },
      ]);
      const unsupported = findUnsupportedCitations(text, collectNarrativeFacts(r.sections));
      if (unsupported.length > 0)
        throw new UpstreamRejectedError(
          `the narrative writer's text was rejected; the previous revision stays: ${unsupported.slice(0, 5).join('; ')}`,
        );
      return text;
    },
  };
}

/** The writer of regenerations, by configuration (NARRATIVE_WRITER). */
export function selectNarrativeWriter(config: Config): NarrativeWriter {
  return config.NARRATIVE_WRITER === 'openai' ? openAiWriter(config) : templateWriter;
}
