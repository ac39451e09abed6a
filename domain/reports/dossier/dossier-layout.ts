import { involvementMeanings, situationMeanings } from '../../regulatory/siscoaf-code-meanings';
import { sectionCitation } from './section-citation';
import type { RetentionRule } from '../../regulatory/manifest-types';
import type { DocumentSection, ReportDocument } from '../report-document';
import { involvementOf } from '../siscoaf/siscoaf-occurrence';
import { CONTENT_WIDTH, type DossierBlock, type DossierFrame, type DossierLayout, type TableColumn } from './dossier-blocks';
import { dateBr, documentBr, instantBr, joinPt, moneyBr, percentBr, plural, registryText, text, wordOf, yesNo } from './dossier-wording';
import { ownershipDiagram, type OwnershipChain } from './ownership-diagram';
import { signalInWords } from './signal-wording';

/** Who decided the case on this report's analysis, and when (docs/people-and-cases.md, "Cases"). */
export type DossierDecision = {
  outcome: string;
  rationale: string;
  decided_by: { name: string; type?: string };
  decided_at: string;
  approved_by: { name: string; type?: string } | null;
  approved_at: string | null;
};

/** The case beside the report: its decision (or none yet) and its clocks. */
export type DossierCase = { decision: DossierDecision | null; due_at: string | null; coaf_deadline_at: string | null };

export type DossierInput = {
  document: ReportDocument;
  /** A draft carries the RASCUNHO mark and no hash; a finalized report its content_sha256. */
  stamp: { draft: boolean; contentSha256: string | null };
  /** The case of the report (or of its analysis); null when no case was opened. */
  case: DossierCase | null;
  /** The manifest's retention rule for the report type. */
  retention: RetentionRule | null;
};

type Content = Record<string, any>;

const shortTitles: Record<string, string> = { coaf_cos: 'Comunicação de Operação Suspeita (COS)', bcb_dossie: 'Dossiê PLD/FT do cliente' };

/** Column widths as shares of the content width. */
function columns(spec: [string, number, TableColumn['align']?][]): TableColumn[] {
  const total = spec.reduce((a, [, share]) => a + share, 0);
  return spec.map(([label, share, align]) => ({
    label,
    width: Math.round((CONTENT_WIDTH * share * 100) / total) / 100,
    ...(align ? { align } : {}),
  }));
}

const contentOf = (doc: ReportDocument, key: string): Content | null => {
  const s = doc.sections.find((x) => x.key === key && x.kind === 'deterministic');
  return s ? (s.content as Content) : null;
};

/** Entity id → name, from every section that names an entity (signals name entities by id). */
function namesOf(doc: ReportDocument): Map<number, string> {
  const names = new Map<number, string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value && typeof value === 'object') {
      const o = value as Content;
      if (typeof o.entity_id === 'number' && typeof o.name === 'string' && !names.has(o.entity_id)) names.set(o.entity_id, o.name);
      Object.values(o).forEach(visit);
    }
  };
  doc.sections.forEach((s) => s.kind === 'deterministic' && visit(s.content));
  names.set(doc.subject.entity_id, doc.subject.name);
  return names;
}

function frame(doc: ReportDocument, stamp: DossierInput['stamp']): DossierFrame {
  return {
    headerLeft: `Relatório ${doc.report_uuid}`,
    headerRight: shortTitles[doc.type] ?? doc.title,
    versions: `Modelo ${doc.versions.report_template_version} · Manifesto regulatório ${doc.versions.regulatory_manifest_version} · Catálogo de regras ${doc.versions.rules_version}`,
    footerLeft: stamp.contentSha256
      ? `Hash do conteúdo (SHA-256): ${stamp.contentSha256}`
      : 'Rascunho: sem hash de conteúdo (registrado na finalização)',
    footerRight: 'Página {page} de {pages}',
    draftMark: stamp.draft ? 'RASCUNHO' : null,
  };
}

function writerOf(doc: ReportDocument): string {
  const model = doc.versions.operational_model;
  if (model === null) return doc.sections.some((s) => s.kind === 'narrative') ? 'responsável de compliance da instituição' : '—';
  if (model === 'embedded-template-writer') return `textos padronizados do serviço (${doc.versions.operational_prompt_version ?? '—'})`;
  if (model === 'mixed') return 'textos padronizados e responsável de compliance';
  return `modelo de linguagem configurado pela instituição (${doc.versions.operational_prompt_version ?? '—'})`;
}

function statusLine(doc: ReportDocument, draft: boolean): string {
  if (draft || doc.status === 'draft') return 'rascunho: pode ser revisto até a finalização';
  return `${wordOf('reportStatus', doc.status)}${doc.finalized_at ? ` em ${instantBr(doc.finalized_at)}` : ''}`;
}

const retentionAnchors: Record<string, string> = {
  'report.finalized_at': 'contados da finalização deste documento',
  'relationship.ended_at': 'contados do primeiro dia do ano seguinte ao fim do relacionamento',
};

function summary(input: DossierInput): DossierBlock[] {
  const { document: doc, stamp } = input;
  const id = contentOf(doc, 'identificacao') ?? {};
  const risk = contentOf(doc, 'classificacao_risco') ?? {};
  const signals = contentOf(doc, 'sinais') ?? {};
  const owners: Content[] = contentOf(doc, 'beneficiarios_finais')?.owners ?? [];
  const peps = contentOf(doc, 'pessoas_expostas') ?? {};
  const sm = contentOf(doc, 'sancoes_midia') ?? {};
  const level = String(risk.risk_level ?? '');
  const tone = (['critical', 'high', 'medium', 'low'].includes(level) ? level : 'neutral') as 'critical';
  const identified: Content[] = signals.identified ?? [];
  const networkPeps: Content[] = peps.network ?? [];
  const blocks: DossierBlock[] = [
    { kind: 'title', text: doc.title },
    { kind: 'subtitle', text: `${doc.subject.name} · ${documentBr(doc.subject.document)}` },
    {
      kind: 'banner',
      tone,
      text: `Risco ${wordOf('riskLevel', level)}`,
      detail: `Pontuação ${text(risk.score)} de 100 · ${risk.escalation_required ? 'escalonamento obrigatório' : risk.review_required ? 'revisão obrigatória' : 'sem escalonamento'} · ${plural(identified.length, 'sinal identificado', 'sinais identificados')}`,
    },
    { kind: 'subheading', text: 'Resumo' },
    {
      kind: 'facts',
      rows: [
        ['Cliente', text(doc.subject.name)],
        ['Documento', documentBr(doc.subject.document)],
        ['Natureza', wordOf('entityType', doc.subject.entity_type)],
        ['Situação cadastral', text(id.registration_status)],
        ['Análise', `${doc.analysis_uuid}, com dados de ${dateBr(id.as_of)}`],
        ['Sinais identificados', `${identified.length} de ${text(signals.evaluated)} avaliados`],
        ['Beneficiários finais', owners.length ? joinPt(owners.map((o) => String(o.name))) : 'nenhum identificado'],
        [
          'Pessoas expostas politicamente',
          [peps.subject_is_pep ? 'o cliente' : null, ...networkPeps.map((p) => `${p.name} (grau ${p.degree})`)]
            .filter(Boolean)
            .join('; ') || 'nenhuma',
        ],
        ['Sanções', (sm.sanctions ?? []).length ? plural((sm.sanctions ?? []).length, 'registro', 'registros') : 'nenhuma'],
        ['Situação do relatório', statusLine(doc, stamp.draft)],
        ['Redação das narrativas', writerOf(doc)],
      ],
    },
    { kind: 'subheading', text: 'Decisão' },
    ...decisionBlocks(input.case),
    { kind: 'subheading', text: 'Prazos' },
    deadlines(input),
    { kind: 'page_break' },
  ];
  return blocks;
}

/** A person by name; an API key by its name, said to be a key (its name may be its uuid). */
const actorName = (a: { name: string; type?: string }) => (a.type === 'api_key' ? `chave de API «${a.name}»` : a.name);

function decisionBlocks(c: DossierCase | null): DossierBlock[] {
  const d = c?.decision;
  if (!d)
    return [
      { kind: 'facts', rows: [['Decisão', 'sem decisão registrada']] },
      { kind: 'note', text: c ? 'O caso desta análise ainda não tem decisão.' : 'Nenhum caso foi aberto sobre esta análise.' },
    ];
  return [
    {
      kind: 'facts',
      rows: [
        ['Decisão', wordOf('caseOutcome', d.outcome)],
        ['Decidida por', `${actorName(d.decided_by)}, em ${instantBr(d.decided_at)}`],
        [
          'Aprovada por',
          d.approved_by
            ? `${actorName(d.approved_by)}, em ${instantBr(d.approved_at)}`
            : 'aguardando a aprovação de outra pessoa (quatro olhos)',
        ],
        ['Justificativa', text(d.rationale)],
      ],
    },
  ];
}

function deadlines(input: DossierInput): DossierBlock {
  const { document: doc } = input;
  const rows: string[][] = [];
  if (doc.type === 'coaf_cos') {
    rows.push([
      'Comunicação ao COAF',
      input.case?.coaf_deadline_at ? instantBr(input.case.coaf_deadline_at) : 'conta da decisão de comunicar (ainda não registrada)',
      'Circular BCB 3.978/2020, art. 48, § 2º (a partir da decisão)',
    ]);
  }
  if (input.case?.due_at && !input.case.decision)
    rows.push(['Decisão do caso', instantBr(input.case.due_at), 'Política interna da instituição']);
  rows.push([
    'Atualidade dos dados',
    `${instantBr(doc.window.expires_at)} (dados de ${instantBr(doc.window.anchor_at)})`,
    'Regra do serviço, não é prazo legal: 24 horas para gerar o relatório',
  ]);
  if (input.retention)
    rows.push([
      'Guarda do documento',
      `${input.retention.years} anos, ${retentionAnchors[input.retention.anchor] ?? 'contados do fim do relacionamento'}`,
      'Circular BCB 3.978/2020, art. 67',
    ]);
  return {
    kind: 'table',
    columns: columns([
      ['Prazo', 0.24],
      ['Data', 0.38],
      ['Fundamento', 0.38],
    ]),
    rows,
  };
}

type SectionRenderer = (content: Content, doc: ReportDocument, names: Map<number, string>) => DossierBlock[];

const none = (what: string): DossierBlock => ({ kind: 'paragraph', text: what });

const renderers: Record<string, SectionRenderer> = {
  instituicao_comunicante: (c) => [
    {
      kind: 'facts',
      rows: [
        ['Instituição', text(c.name)],
        ['CNPJ', c.cnpj ? documentBr(c.cnpj) : 'não configurado (exigido na finalização)'],
      ],
    },
  ],

  identificacao: (c) => {
    const a = c.address ?? {};
    const address = [
      a.street,
      a.city && a.state ? `${a.city}/${a.state}` : (a.city ?? a.state),
      a.postal_code ? `CEP ${a.postal_code}` : null,
      a.country,
    ]
      .filter(Boolean)
      .join(', ');
    return [
      {
        kind: 'facts',
        rows: [
          ['Nome', text(c.name)],
          ['Razão social', text(c.legal_name)],
          ['Documento', documentBr(c.document)],
          ['Natureza', wordOf('entityType', c.entity_type)],
          ['Situação cadastral', text(c.registration_status)],
          c.entity_type === 'person' ? ['Data de nascimento', dateBr(c.birth_date)] : ['Data de abertura', dateBr(c.incorporation_date)],
          ['Endereço', address || '—'],
          ['Data-base dos dados', dateBr(c.as_of)],
        ],
      },
    ];
  },

  qualificacao: (c) => [
    {
      kind: 'facts',
      rows: [
        ['Natureza jurídica', [c.legal_nature?.code, c.legal_nature?.description].filter(Boolean).join(' — ') || '—'],
        [
          'Atividade principal',
          c.main_activity?.cnae
            ? `CNAE ${c.main_activity.cnae}${c.main_activity.description ? ` — ${c.main_activity.description}` : ''}`
            : 'não informada no cadastro',
        ],
        [
          'Atividades secundárias',
          (c.secondary_activities ?? []).length ? (c.secondary_activities as string[]).map((x) => `CNAE ${x}`).join(', ') : 'nenhuma',
        ],
        ['Capital social', moneyBr(c.capital_social)],
        ['Porte', text(c.company_size)],
        ['Matriz', yesNo(c.is_headquarters)],
        ['Situação cadastral', `${text(c.registration_status)}${c.status_date ? ` desde ${dateBr(c.status_date)}` : ''}`],
        ['Situação especial', text(c.special_status)],
        ['Nacionalidade', text(c.nationality)],
        ['Sócios e administradores diretos', text(c.direct_partners)],
        [
          'Rede analisada',
          `${plural(c.network?.entities ?? 0, 'entidade', 'entidades')}, até ${text(c.network?.max_depth)} vínculos${c.network?.truncated ? ' (rede truncada: contagens podem estar abaixo do real)' : ''}`,
        ],
      ],
    },
  ],

  classificacao_risco: (c) => {
    const blocks: DossierBlock[] = [
      {
        kind: 'facts',
        rows: [
          ['Nível de risco', wordOf('riskLevel', c.risk_level)],
          ['Pontuação final', `${text(c.score)} de 100`],
          ['Pontuação somada dos pilares', `${text(c.diffuse_score)} de 100`],
          ['Piso aplicado', c.dispositive_floor ? `${c.dispositive_floor} de 100` : 'nenhum'],
          ['Revisão obrigatória', yesNo(c.review_required)],
          ['Escalonamento obrigatório', yesNo(c.escalation_required)],
        ],
      },
    ];
    const pillars: Content[] = c.pillars ?? [];
    if (pillars.length) {
      blocks.push({ kind: 'subheading', text: 'Pilares de risco' });
      blocks.push({
        kind: 'table',
        columns: columns([
          ['Pilar', 0.3],
          ['Peso', 0.1, 'right'],
          ['Pontuação do pilar', 0.16, 'right'],
          ['Contribuição', 0.14, 'right'],
          ['Sinais', 0.3],
        ]),
        rows: pillars.map((p) => [
          wordOf('pillar', p.pillar),
          `${String(Number(p.weight_bp) / 10000).replace('.', ',')}`,
          text(p.subscore),
          text(p.weighted_score),
          (p.signal_codes ?? []).length ? plural(p.signal_codes.length, 'sinal', 'sinais') : 'nenhum',
        ]),
      });
    }
    const reasons: Content[] = c.escalation_reasons ?? [];
    if (reasons.length) {
      blocks.push({ kind: 'subheading', text: 'Motivos de escalonamento' });
      blocks.push({
        kind: 'table',
        columns: columns([
          ['Motivo', 0.55],
          ['Sinal de origem', 0.45],
        ]),
        rows: reasons.map((r) => [
          wordOf('escalation', r.code, 'Motivo registrado na análise'),
          r.signal_code ? signalInWords(r.signal_code).text : 'nível de risco',
        ]),
      });
    }
    const floors: Content[] = c.band_floors ?? [];
    if (floors.length) {
      blocks.push({ kind: 'subheading', text: 'Pisos de pontuação aplicados' });
      blocks.push({
        kind: 'table',
        columns: columns([
          ['Sinal', 0.75],
          ['Pontuação mínima', 0.25, 'right'],
        ]),
        rows: floors.map((f) => [signalInWords(String(f.signal_code)).text, text(f.floor_score)]),
      });
    }
    const limitations: unknown[] = c.limitations ?? [];
    blocks.push({
      kind: 'note',
      text: limitations.length
        ? `A análise registra ${plural(limitations.length, 'limitação', 'limitações')} dos dados (detalhadas no resultado da análise).`
        : 'A análise não registra limitações dos dados.',
    });
    const v = c.versions ?? {};
    blocks.push({ kind: 'subheading', text: 'Rastreabilidade' });
    blocks.push({
      kind: 'facts',
      rows: [
        ['Catálogo de regras', text(v.rules_version)],
        ['Versão regulatória', text(v.regulatory_catalog_version)],
        ['Motor de pontuação', text(v.scoring_engine_version)],
        ['Impressão digital do veredito', text(v.verdict_fingerprint)],
        ['Hash da fotografia dos dados', text(v.snapshot_hash)],
      ],
    });
    return blocks;
  },

  beneficiarios_finais: (c, doc) => {
    if (!c.applicable) return [none('Não se aplica: o cliente é pessoa física.')];
    const owners: Content[] = c.owners ?? [];
    const unresolved: Content[] = c.unresolved ?? [];
    const chains: OwnershipChain[] = [
      ...owners.map((o) => ({ chain: o.chain ?? [], end: 'owner' as const, ownershipPercentage: o.ownership_percentage })),
      ...unresolved.map((u) => ({ chain: u.chain ?? [], end: 'unresolved' as const, ownershipPercentage: null })),
    ];
    const blocks: DossierBlock[] = [];
    const diagram = ownershipDiagram(doc.subject.name, chains);
    if (diagram)
      blocks.push({
        kind: 'diagram',
        ...diagram,
        legend:
          'Cadeias de controle: cada seta vai de quem detém participação ou controle para a empresa detida; o cliente analisado está na base.',
      });
    blocks.push(
      owners.length
        ? {
            kind: 'table',
            columns: columns([
              ['Beneficiário final', 0.22],
              ['Documento', 0.17],
              ['Como foi identificado', 0.25],
              ['Participação', 0.12, 'right'],
              ['Situação', 0.12],
              ['Confiança', 0.12],
            ]),
            rows: owners.map((o) => [
              text(o.name),
              documentBr(o.document),
              `${wordOf('ownershipType', o.ownership_type)}${o.is_direct ? ', direto' : `, indireto (${plural(Number(o.chain_depth) || 0, 'nível', 'níveis')})`}`,
              percentBr(o.ownership_percentage),
              wordOf('uboStatus', o.status),
              wordOf('confidence', o.confidence),
            ]),
          }
        : none('Nenhum beneficiário final pessoa natural foi identificado.'),
    );
    blocks.push({
      kind: 'note',
      text:
        c.fully_resolved === true
          ? 'Todas as cadeias terminam em pessoa natural.'
          : c.fully_resolved === false
            ? 'Há cadeias ainda não resolvidas até a pessoa natural, ou participações não informadas: o beneficiário final deve ser confirmado com o cliente.'
            : 'Resolução das cadeias não avaliada.',
    });
    if (unresolved.length)
      blocks.push({
        kind: 'table',
        columns: columns([
          ['Cadeia sem pessoa natural', 0.4],
          ['Caminho até o cliente', 0.6],
        ]),
        rows: unresolved.map((u) => [text(u.name), [...(u.chain ?? [])].reverse().join(' › ')]),
      });
    return blocks;
  },

  pessoas_expostas: (c) => {
    const blocks: DossierBlock[] = [];
    const own: Content[] = c.subject_records ?? [];
    blocks.push(
      own.length
        ? {
            kind: 'table',
            columns: columns([
              ['Cargo do cliente', 0.3],
              ['Órgão', 0.26],
              ['Tipo', 0.16],
              ['Situação', 0.14],
              ['Período', 0.14],
            ]),
            rows: own.map((r) => [
              [r.role, r.role_acronym ? `(${r.role_acronym})` : null].filter(Boolean).join(' ') || '—',
              text(r.institution),
              wordOf('pepType', r.pep_type),
              wordOf('pepStatus', r.status),
              period(r.start_date, r.end_date),
            ]),
          }
        : none('O cliente não é pessoa exposta politicamente.'),
    );
    const network: Content[] = c.network ?? [];
    blocks.push(
      network.length
        ? {
            kind: 'table',
            columns: columns([
              ['Pessoa exposta na rede', 0.2],
              ['Documento', 0.15],
              ['Grau', 0.07, 'right'],
              ['Cargo e órgão', 0.27],
              ['Tipo', 0.12],
              ['Situação', 0.18],
            ]),
            rows: network.map((p) => [
              text(p.name),
              documentBr(p.document),
              text(p.degree),
              `${text(p.position)}, ${text(p.institution)} (${period(p.start_date, p.end_date)})`,
              wordOf('pepType', p.pep_type),
              wordOf('pepStatus', p.status),
            ]),
          }
        : none('Nenhuma pessoa exposta politicamente na rede analisada.'),
    );
    return blocks;
  },

  sancoes_midia: (c, _doc, names) => {
    const blocks: DossierBlock[] = [{ kind: 'subheading', text: 'Sanções' }];
    const sanctions: Content[] = c.sanctions ?? [];
    blocks.push(
      sanctions.length
        ? {
            kind: 'table',
            columns: columns([
              ['Sancionado', 0.2],
              ['Lista', 0.1],
              ['Sanção e órgão', 0.26],
              ['Processo', 0.13],
              ['Vigência', 0.15],
              ['Fundamento', 0.16],
            ]),
            rows: sanctions.map((s) => [
              text(s.name),
              wordOf('sanctionList', s.list, 'outra lista'),
              `${text(s.sanction_type)} — ${text(s.sanctioning_body)}`,
              text(s.process_number),
              period(s.start_date, s.end_date),
              text(s.legal_basis),
            ]),
          }
        : none('Nenhuma sanção encontrada.'),
    );
    blocks.push({ kind: 'subheading', text: 'Processos' });
    const proceedings: Content[] = c.proceedings ?? [];
    blocks.push(
      proceedings.length
        ? {
            kind: 'table',
            columns: columns([
              ['Número', 0.2],
              ['Tipo e autoridade', 0.2],
              ['Situação', 0.14],
              ['Abertura', 0.12],
              ['Partes', 0.34],
            ]),
            rows: proceedings.map((p) => [
              text(p.number),
              `${text(p.type)} — ${text(p.authority)}`,
              wordOf('proceedingStatus', p.status, 'situação não classificada'),
              dateBr(p.opened_at),
              (p.parties ?? []).map((x: Content) => `${text(x.name)} (${wordOf('proceedingRole', x.role, 'parte')})`).join('; ') || '—',
            ]),
          }
        : none('Nenhum processo encontrado.'),
    );
    blocks.push({ kind: 'subheading', text: 'Mídia adversa' });
    const articles = groupArticles(c.adverse_media ?? [], names);
    blocks.push(
      articles.length
        ? {
            kind: 'table',
            columns: columns([
              ['Notícia', 0.38],
              ['Veículo e data', 0.2],
              ['Assunto', 0.16],
              ['Pessoas citadas', 0.26],
            ]),
            rows: articles.map((a) => [
              a.title,
              `${a.source}, ${dateBr(a.published_at)}`,
              joinPt(a.categories.map((x) => wordOf('mediaCategory', x, 'outros fatos desabonadores'))),
              joinPt(a.people),
            ]),
          }
        : none('Nenhuma notícia desabonadora encontrada.'),
    );
    if (articles.length)
      blocks.push({ kind: 'note', text: `Endereços das notícias: ${articles.map((a, i) => `[${i + 1}] ${a.url}`).join('  ')}` });
    return blocks;
  },

  sinais: (c, _doc, names) => {
    const identified: Content[] = c.identified ?? [];
    if (!identified.length) return [none(`Nenhum sinal de risco foi identificado entre os ${text(c.evaluated)} avaliados.`)];
    return [
      {
        kind: 'paragraph',
        text: `${plural(identified.length, 'sinal identificado', 'sinais identificados')} entre os ${text(c.evaluated)} avaliados pelo catálogo de regras ${text(c.rules_version)}.`,
      },
      {
        kind: 'table',
        columns: columns([
          ['Sinal', 0.34],
          ['Pilar', 0.14],
          ['Pontos', 0.08, 'right'],
          ['Fundamento normativo', 0.26],
          ['Observado em', 0.18],
        ]),
        rows: identified.map((s) => {
          const w = signalInWords(String(s.code));
          const seen = [...new Set((s.observed_entity_ids ?? []).map((id: number) => names.get(id) ?? 'entidade da rede'))] as string[];
          return [w.text, wordOf('pillar', s.pillar), text(s.points), w.norm, joinPt(seen) || '—'];
        }),
      },
    ];
  },

  envolvidos: (c) => {
    const parties: Content[] = c.parties ?? [];
    if (!parties.length) return [none('Nenhum envolvido.')];
    const meaning = (p: Content) => involvementMeanings.find((m) => m.key === involvementOf(p))?.meaning ?? 'Outros envolvidos';
    return [
      {
        kind: 'table',
        columns: columns([
          ['Envolvido', 0.24],
          ['Documento', 0.18],
          ['Envolvimento', 0.26],
          ['Vínculo no cadastro', 0.14],
          ['PEP', 0.08, 'center'],
          ['Pessoa obrigada', 0.1, 'center'],
        ]),
        rows: parties.map((p) => [
          text(p.name),
          documentBr(p.document),
          meaning(p),
          registryText(p.role),
          yesNo(p.pep),
          yesNo(p.obligated_person),
        ]),
      },
    ];
  },

  enquadramentos: (c) => {
    const list: Content[] = c.enquadramentos ?? [];
    if (!list.length) return [none('Nenhum enquadramento foi proposto a partir dos sinais.')];
    return [
      {
        kind: 'table',
        columns: columns([
          ['Situação', 0.36],
          ['Fundamento', 0.32],
          ['Sinais que a evidenciam', 0.32],
        ]),
        rows: list.map((e) => [
          situationMeanings.find((m) => m.key === e.code)?.meaning ?? text(e.description),
          text(e.reference),
          joinPt((e.signal_codes ?? []).map((x: string) => lowerFirst(signalInWords(x).text))),
        ]),
      },
      { kind: 'note', text: 'O número de cada enquadramento é o da tabela da instituição no Siscoaf, escrito no arquivo XML do lote.' },
    ];
  },
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function period(start: unknown, end: unknown): string {
  return `${dateBr(start)} a ${end ? dateBr(end) : 'sem término'}`;
}

type Article = { title: string; source: string; published_at: string; url: string; categories: string[]; people: string[] };

/** One row per article: an article that names several people of the network is listed once, with them all. */
export function groupArticles(hits: readonly Content[], names: ReadonlyMap<number, string> = new Map()): Article[] {
  const byId = new Map<string, Article>();
  for (const h of hits) {
    const key = String(h.article_id ?? h.url ?? h.title);
    const article = byId.get(key) ?? {
      title: text(h.title),
      source: text(h.source),
      published_at: String(h.published_at ?? ''),
      url: text(h.url),
      categories: [],
      people: [],
    };
    const person = text(names.get(h.entity_id) ?? h.name ?? h.matched_name);
    if (!article.people.includes(person)) article.people.push(person);
    if (h.category && !article.categories.includes(h.category)) article.categories.push(h.category);
    byId.set(key, article);
  }
  return [...byId.values()];
}

function sectionBlocks(section: DocumentSection, n: number, doc: ReportDocument, names: Map<number, string>): DossierBlock[] {
  const heading: DossierBlock = { kind: 'heading', text: `${n}. ${section.title}` };
  if (section.kind === 'narrative') {
    const author =
      section.provenance.author.kind === 'officer'
        ? 'texto do responsável de compliance'
        : 'texto padronizado, a revisar pelo responsável de compliance';
    return [
      heading,
      { kind: 'note', text: `Revisão ${section.revision}: ${author}.` },
      ...section.content
        .split('\n')
        .filter((p) => p.trim() !== '')
        .map((p): DossierBlock => ({ kind: 'paragraph', text: p })),
    ];
  }
  const render = renderers[section.key];
  const citation = sectionCitation(doc.versions.regulatory_manifest_version, section.provenance.requirement_ids);
  const cited: DossierBlock[] = citation ? [{ kind: 'note', text: citation }] : [];
  return [
    heading,
    ...cited,
    ...(render ? render(section.content as Content, doc, names) : [none('Seção sem leiaute nesta versão do modelo de relatório.')]),
  ];
}

function occurrenceBlocks(doc: ReportDocument, n: number): DossierBlock[] {
  const o = doc.occurrence;
  const out: DossierBlock[] = [
    { kind: 'heading', text: `${n}. Dados da ocorrência` },
    { kind: 'note', text: 'Informados pelo responsável de compliance da instituição.' },
  ];
  if (!o)
    return [
      ...out,
      none('Ainda não informados: número, período, agência, valores e contas dos envolvidos são exigidos antes da finalização.'),
    ];
  out.push({
    kind: 'facts',
    rows: [
      ['Número da ocorrência', text(o.occurrence_number)],
      ['Período', period(o.period?.start, o.period?.end)],
      ['Agência', `${text(o.agency?.number)} — ${text(o.agency?.name)}, ${text(o.agency?.city)}/${text(o.agency?.state)}`],
      ['Valor a crédito', moneyBr(o.amounts?.credit)],
      ['Valor a débito', moneyBr(o.amounts?.debit)],
      ['Valor provisionado', moneyBr(o.amounts?.provisioned)],
      ['Valor proposto', moneyBr(o.amounts?.proposed)],
    ],
  });
  const parties = o.parties ?? [];
  if (parties.length) {
    out.push({
      kind: 'table',
      columns: columns([
        ['Envolvido', 0.26],
        ['Conta e agência', 0.3],
        ['Aberta em', 0.13],
        ['Cadastro atualizado', 0.15],
        ['Servidor público', 0.16],
      ]),
      rows: parties.map((p) => [
        `${documentBr(p.document)}${p.name ? ` — ${p.name}` : ''}${p.role ? ` (${(involvementMeanings.find((m) => m.key === p.role)?.meaning ?? 'outro envolvido').toLowerCase()})` : ''}`,
        p.account ? `conta ${text(p.account.number)}, agência ${text(p.account.agency_number)} ${text(p.account.agency_name)}` : '—',
        dateBr(p.account?.opened_on),
        dateBr(p.records_updated_on),
        p.public_servant ? wordOf('servant', p.public_servant) : 'não declarado',
      ]),
    });
  }
  return out;
}

/**
 * The dossier PDF of report template v3, as blocks (docs/reports.md, "The dossier PDF"): a summary
 * page (subject, verdict, decision and who took it, deadlines), then each section as tables, the
 * ownership chains as a diagram, the signals in words with their norm, the evidence grouped, and
 * for a coaf_cos the occurrence data. Pure: the same input gives the same layout.
 */
export function dossierLayout(input: DossierInput): DossierLayout {
  const { document: doc } = input;
  const names = namesOf(doc);
  const blocks: DossierBlock[] = [...summary(input)];
  doc.sections.forEach((section, i) => blocks.push(...sectionBlocks(section, i + 1, doc, names)));
  if (doc.type === 'coaf_cos') blocks.push(...occurrenceBlocks(doc, doc.sections.length + 1));
  return { title: doc.title, frame: frame(doc, input.stamp), blocks };
}

/**
 * Whether a report renders as this dossier: template v3 and later. A report of an earlier template
 * renders as it always did (domain/reports/document-lines.ts), so that its PDF never changes.
 */
export function rendersAsDossier(templateVersion: string): boolean {
  const m = /^report-template\.v(\d+)$/.exec(templateVersion);
  return m !== null && Number(m[1]) >= 3;
}
