import type { ReportDocument } from './report-document';

/** A line of the printed report of templates v1 and v2 (v3 prints the dossier: domain/reports/dossier/); the PDF adapter only lays these out. */
export type DocumentLine = { kind: 'title' | 'subtitle' | 'heading' | 'field' | 'text'; text: string; depth: number };

// Portuguese labels of the content fields (the JSON stays English, the document reads Portuguese).
const labels: Record<string, string> = {
  name: 'Nome',
  legal_name: 'Razão social',
  document: 'Documento',
  document_type: 'Tipo de documento',
  entity_type: 'Tipo de entidade',
  entity_id: 'Entidade',
  registration_status: 'Situação cadastral',
  birth_date: 'Data de nascimento',
  incorporation_date: 'Data de abertura',
  address: 'Endereço',
  street: 'Logradouro',
  city: 'Município',
  state: 'UF',
  postal_code: 'CEP',
  country: 'País',
  as_of: 'Data-base',
  score: 'Pontuação',
  risk_level: 'Nível de risco',
  diffuse_score: 'Pontuação difusa',
  dispositive_floor: 'Piso dispositivo',
  review_required: 'Revisão obrigatória',
  escalation_required: 'Escalonamento obrigatório',
  pillars: 'Pilares',
  signal_codes: 'Sinais',
  owners: 'Beneficiários finais',
  chain: 'Cadeia',
  ownership_percentage: 'Participação (%)',
  parties: 'Envolvidos',
  role: 'Papel',
  pep: 'PEP',
  public_servant: 'Servidor público',
  obligated_person: 'Pessoa obrigada',
  type_code: 'TpEnv',
  enquadramentos: 'Enquadramentos',
  code: 'Código',
  description: 'Descrição',
  reference: 'Referência',
  identified: 'Sinais identificados',
  evidences: 'Evidências',
  norm_references: 'Fundamentos normativos',
  requirement_ids: 'Requisitos',
  sanctions: 'Sanções',
  adverse_media: 'Mídia adversa',
  proceedings: 'Processos',
  network: 'Rede',
  subject_is_pep: 'Cliente é PEP',
  cnpj: 'CNPJ',
  versions: 'Versões',
  points: 'Pontos',
};
const label = (key: string) => labels[key] ?? key;
// Internal keys that say nothing to a reader (or something wrong: `type_code` is the section's
// role number, not a Siscoaf TpEnv; `public_servant` a PEP record, not public employment — see
// docs/reports.md, "Siscoaf batch").
const hidden = new Set(['type_code', 'public_servant', 'entity_id']);

function scalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'sim';
  if (value === false) return 'não';
  return String(value);
}

function contentLines(value: unknown, depth: number, out: DocumentLine[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.push({ kind: 'field', text: '(nenhum)', depth });
    if (value.every((v) => v === null || typeof v !== 'object'))
      return void out.push({ kind: 'field', text: value.map(scalar).join(', '), depth });
    value.forEach((item, i) => {
      out.push({ kind: 'field', text: `${i + 1}.`, depth });
      contentLines(item, depth + 1, out);
    });
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hidden.has(key)) continue;
      if (
        item !== null &&
        typeof item === 'object' &&
        !(Array.isArray(item) && item.every((v) => v === null || typeof v !== 'object') && item.length > 0)
      ) {
        out.push({ kind: 'field', text: `${label(key)}:`, depth });
        contentLines(item, depth + 1, out);
      } else {
        out.push({
          kind: 'field',
          text: `${label(key)}: ${Array.isArray(item) ? item.map(scalar).join(', ') || '(nenhum)' : scalar(item)}`,
          depth,
        });
      }
    }
    return;
  }
  out.push({ kind: 'field', text: scalar(value), depth });
}

/** The printed report: title, identification of the report, then every section with its revision. */
export function documentLines(doc: ReportDocument): DocumentLine[] {
  const out: DocumentLine[] = [
    { kind: 'title', text: doc.title, depth: 0 },
    { kind: 'subtitle', text: `Cliente: ${doc.subject.name}${doc.subject.document ? ` — ${doc.subject.document}` : ''}`, depth: 0 },
    { kind: 'subtitle', text: `Análise ${doc.analysis_uuid}; janela de 24 h até ${doc.window.expires_at}`, depth: 0 },
    {
      kind: 'subtitle',
      text: `Redação: ${scalar(doc.versions.operational_model)} (${scalar(doc.versions.operational_prompt_version)}); modelo de relatório ${doc.versions.report_template_version}`,
      depth: 0,
    },
  ];
  // The 24-hour window is the service's freshness rule, not a legal deadline (docs/reports.md, "The 24-hour window").
  out.push({
    kind: 'subtitle',
    text: `Regra de atualidade do serviço (não é prazo legal): dados de ${doc.window.anchor_at}, relatório gerado até ${doc.window.expires_at}. O prazo legal da comunicação ao COAF conta da decisão de comunicar (Circular BCB 3.978/2020, art. 48, § 2º).`,
    depth: 0,
  });
  doc.sections.forEach((section, i) => {
    out.push({ kind: 'heading', text: `${i + 1}. ${section.title} (revisão ${section.revision})`, depth: 0 });
    if (section.kind === 'narrative')
      for (const paragraph of section.content.split('\n')) out.push({ kind: 'text', text: paragraph, depth: 0 });
    else contentLines(section.content, 0, out);
  });
  if (doc.type === 'coaf_cos') out.push(...occurrenceLines(doc, doc.sections.length + 1));
  return out;
}

const money = (value: string | undefined) => (value === undefined ? '—' : `R$ ${value}`);
const roles: Record<string, string> = {
  titular: 'titular',
  representative: 'procurador ou representante legal',
  beneficial_owner: 'beneficiário final',
  other: 'outro envolvido',
};
const servants: Record<string, string> = { no: 'não', yes: 'sim', federal: 'federal', state: 'estadual', municipal: 'municipal' };

/** The officer's occurrence data of a coaf_cos (docs/reports.md, "Occurrence data"), or what is still to be entered. */
function occurrenceLines(doc: ReportDocument, n: number): DocumentLine[] {
  const o = doc.occurrence;
  const out: DocumentLine[] = [
    { kind: 'heading', text: `${n}. Dados da ocorrência (informados pelo responsável de compliance)`, depth: 0 },
  ];
  if (!o)
    return [
      ...out,
      {
        kind: 'text',
        text: 'Ainda não informados: número, período, agência, valores e contas dos envolvidos são exigidos antes da finalização.',
        depth: 0,
      },
    ];
  const field = (text: string, depth = 0) => out.push({ kind: 'field', text, depth });
  field(`Número da ocorrência: ${scalar(o.occurrence_number)}`);
  field(`Período: ${scalar(o.period?.start)} a ${scalar(o.period?.end)}`);
  field(`Agência: ${scalar(o.agency?.number)} ${scalar(o.agency?.name)}, ${scalar(o.agency?.city)}/${scalar(o.agency?.state)}`);
  field(
    `Valores: crédito ${money(o.amounts?.credit)}; débito ${money(o.amounts?.debit)}; provisionado ${money(o.amounts?.provisioned)}; proposto ${money(o.amounts?.proposed)}`,
  );
  for (const p of o.parties ?? []) {
    field(`Envolvido ${p.document}${p.name ? ` (${p.name}, ${roles[p.role ?? 'other']})` : ''}`);
    if (p.account)
      field(
        `Conta ${scalar(p.account.number)}, agência ${scalar(p.account.agency_number)} ${scalar(p.account.agency_name)}, aberta em ${scalar(p.account.opened_on)}`,
        1,
      );
    if (p.records_updated_on) field(`Cadastro atualizado em ${p.records_updated_on}`, 1);
    if (p.public_servant) field(`Servidor público: ${servants[p.public_servant]}`, 1);
  }
  return out;
}
