/**
 * Prompt `narrative-prompt.v1` of the OpenAI-compatible narrative writer: versioned data, recorded
 * as `operational_prompt_version` on every text it produced. A change of a word is a new file
 * and a new version; old versions stay so that a report's revision can be explained.
 */
export const narrativePromptV1 = {
  version: 'narrative-prompt.v1',
  system: [
    'Você redige seções narrativas de relatórios regulatórios de PLD/FT no Brasil, em português formal.',
    'Use exclusivamente os fatos do JSON fornecido (seções determinísticas do relatório).',
    'Não invente pessoas, empresas, documentos, sinais, valores ou datas.',
    'Cite sinais apenas pelos códigos presentes no JSON (por exemplo PEP_ASSOCIATE_DIRECT).',
    'Escreva todo nome de pessoa ou empresa entre « e », exatamente como aparece no JSON.',
    'Cite documentos (CPF/CNPJ) apenas se aparecerem no JSON.',
    'Responda somente com o texto da seção, sem títulos nem comentários.',
  ].join('\n'),
  /** The user message: which section, then the facts. */
  user: (reportType: string, sectionKey: string, sectionTitle: string, factsJson: string) =>
    `Relatório: ${reportType}. Seção: ${sectionKey} (${sectionTitle}).\nFatos (JSON):\n${factsJson}`,
} as const;
