import type { SectionOf } from '../report-types';
import { signalInWords } from '../dossier/signal-wording';
import { wordOf } from '../dossier/dossier-wording';
import { cite, joinPt, plural, riskLevelPt } from './template-text';

/** Recorded as `operational_model` / `operational_prompt_version` of every text this writer produces. */
export const TEMPLATE_WRITER_MODEL = 'embedded-template-writer';
// v2: signals, pillars and situations in Portuguese words, no internal code (docs/reports.md, "Narratives and their writers").
export const TEMPLATE_VERSION = 'pt-BR.templates.v2';

type Contents = Record<string, any>;

function contentsOf(sections: readonly SectionOf<'deterministic'>[]): Contents {
  return Object.fromEntries(sections.map((s) => [s.key, s.content]));
}

function subjectLine(c: Contents): string {
  const id = c.identificacao;
  return `${cite(id.name, id.document, id.document_type)}, analisado(a) com dados de ${id.as_of}`;
}

function riskLine(c: Contents): string {
  const r = c.classificacao_risco;
  return `A análise automatizada (catálogo de regras ${r.versions.rules_version}, versão regulatória ${r.versions.regulatory_catalog_version}) classificou o risco como ${riskLevelPt[r.risk_level] ?? r.risk_level}, com pontuação ${r.score} de 100.`;
}

function signalLines(c: Contents): string[] {
  const identified: any[] = c.sinais.identified;
  if (identified.length === 0) return ['Nenhum sinal de risco foi identificado.'];
  return [
    `Sinais identificados (${identified.length}):`,
    ...identified.map((s) => `- ${signalInWords(s.code).text} (${s.points} pontos).`),
  ];
}

function findingsLines(c: Contents): string[] {
  const lines: string[] = [];
  const owners: any[] = c.beneficiarios_finais.owners;
  if (owners.length > 0) lines.push(`Beneficiários finais: ${joinPt(owners.map((o) => cite(o.name, o.document)))}.`);
  else if (c.beneficiarios_finais.applicable) lines.push('Nenhum beneficiário final pessoa natural foi identificado.');
  const peps = c.pessoas_expostas;
  if (peps.subject_is_pep) lines.push('O cliente é pessoa exposta politicamente.');
  if (peps.network.length > 0)
    lines.push(
      `Pessoas expostas politicamente na rede: ${joinPt(peps.network.map((p: any) => `${cite(p.name, p.document)} (grau ${p.degree})`))}.`,
    );
  const sm = c.sancoes_midia;
  if (sm.sanctions.length > 0)
    lines.push(`Sanções: ${joinPt(sm.sanctions.map((s: any) => `${cite(s.name)} na lista ${String(s.list).toUpperCase()}`))}.`);
  if (sm.proceedings.length > 0)
    lines.push(`Processos: ${plural(sm.proceedings.length, 'processo relacionado', 'processos relacionados')}.`);
  if (sm.adverse_media.length > 0)
    lines.push(`Mídia adversa: ${plural(sm.adverse_media.length, 'notícia', 'notícias')} associada(s) ao cliente ou à sua rede.`);
  return lines;
}

function det(c: Contents): string {
  const enq: any[] = c.enquadramentos.enquadramentos;
  return [
    `Comunicação referente a ${subjectLine(c)}.`,
    riskLine(c),
    ...signalLines(c),
    ...findingsLines(c),
    enq.length > 0
      ? `Enquadramentos propostos: ${enq.map((e) => e.description.replace(/\.$/, '')).join('; ')}.`
      : 'Nenhum enquadramento foi proposto a partir dos sinais.',
    'A decisão de comunicar e a transmissão pelo Siscoaf cabem ao responsável de compliance da instituição comunicante, que deve revisar este texto.',
  ].join('\n');
}

function analise(c: Contents): string {
  const q = c.qualificacao;
  const pillars: any[] = c.classificacao_risco.pillars.filter((p: any) => p.subscore > 0);
  return [
    `Cliente: ${subjectLine(c)}.`,
    q.main_activity.cnae
      ? `Atividade principal: CNAE ${q.main_activity.cnae}${q.main_activity.description ? ` (${q.main_activity.description})` : ''}.`
      : 'Atividade principal não informada no cadastro.',
    riskLine(c),
    pillars.length > 0
      ? `Pilares com pontuação: ${joinPt(pillars.map((p) => `${wordOf('pillar', p.pillar)} (${p.subscore})`))}.`
      : 'Nenhum pilar de risco pontuou.',
    ...signalLines(c),
    ...findingsLines(c),
  ].join('\n');
}

function conclusao(c: Contents): string {
  const level: string = c.classificacao_risco.risk_level;
  const byLevel: Record<string, string> = {
    critical:
      'O risco crítico exige diligência reforçada, aprovação da alta administração para manter o relacionamento e decisão fundamentada sobre a comunicação ao COAF (Lei 9.613/1998, art. 11).',
    high: 'O risco alto exige diligência reforçada e decisão fundamentada sobre a comunicação ao COAF (Lei 9.613/1998, art. 11).',
    medium: 'O risco médio recomenda monitoramento reforçado e revisão cadastral em prazo reduzido.',
    low: 'O risco baixo admite diligência padrão, com revisão no ciclo ordinário.',
  };
  return [
    `Conclusão sobre ${subjectLine(c)}: risco ${riskLevelPt[level] ?? level}.`,
    byLevel[level] ?? '',
    'Este dossiê deve ser mantido à disposição do Banco Central do Brasil por dez anos (Circular BCB 3.978/2020).',
  ]
    .filter(Boolean)
    .join('\n');
}

const templates: Record<string, (c: Contents) => string> = {
  'coaf_cos.det': det,
  'bcb_dossie.analise': analise,
  'bcb_dossie.conclusao': conclusao,
};

/** The embedded writer: a pure Portuguese template per narrative section over the deterministic sections. */
export function writeTemplateNarrative(type: string, key: string, sections: readonly SectionOf<'deterministic'>[]): string {
  const template = templates[`${type}.${key}`];
  if (!template) throw new Error(`no template for ${type}.${key}`);
  return template(contentsOf(sections));
}
