/**
 * The shapes the console reads from the public API (the API reference at /docs), written
 * out here rather than imported from the server: the console is a client of the HTTP contract,
 * not of the server's code. Only the fields the views use are typed.
 */
export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

/** A quota's standing this period; `null` limit and remaining: unlimited. */
export type QuotaStanding = { limit: number | null; used: number; remaining: number | null };

export type Account = {
  company_uuid: string;
  company_name?: string;
  api_key: { key_uuid: string; scopes: string[] };
  plan: { code: string; features: string[]; quotas: Record<string, number | null> };
  usage: { period: string; resets_at?: string; used: Record<string, number>; quotas?: Record<string, QuotaStanding> };
  reporting_institution_cnpj?: string | null;
};

export type AnalysisLinks = Record<'self' | 'events' | 'explanation' | 'graph' | 'signals' | 'snapshot', string>;

export type AnalysisSummary = {
  uuid: string;
  status: string;
  mode: 'sync' | 'async';
  entity_id: number;
  subject?: { display_name?: string; document?: string | null } | null;
  display_name?: string | null;
  document?: string | null;
  score?: number | null;
  risk_level?: RiskLevel | null;
  risk?: { score: number; risk_level: RiskLevel } | null;
  client_reference: string | null;
  source: string | null;
  created_at: string;
  completed_at: string | null;
};

export type Evidence = { key: string; label: string; description: string; content: unknown; metadata: Record<string, unknown> };
export type Modifier = { code: string; name: string; multiplier_delta: number; evidences: Evidence[] };
export type MetaSignal = {
  code: string; name: string; pillar?: string; identified: boolean; base_score: number; adjusted_score: number; signal_multiplier: number;
  applied_aggravants: Modifier[]; applied_attenuants: Modifier[]; evidences: Evidence[]; observed_entity_ids: number[];
};
export type PillarBreakdown = { pillar: string; weight: number; subscore: number; base_points: number; weighted_score: number; identified_signal_codes: string[] };

export type VerdictRisk = {
  score: number; risk_level: RiskLevel; diffuse_score?: number; dispositive_floor?: number;
  review_required?: boolean; review_recommended?: boolean; escalation_required?: boolean;
  escalation_reasons?: { code?: string; reason?: string; source_signal_code?: string | null }[];
  band_floors_applied?: { floor_score: number; reason: string; source_code: string }[];
  limitations?: string[]; meta_signals?: MetaSignal[]; pillar_breakdown?: PillarBreakdown[];
};

export type AnalysisRead = {
  uuid: string; status: string; current_step: string; mode: 'sync' | 'async'; entity_id: number; as_of: string;
  source: string | null; client_reference: string | null; links: AnalysisLinks;
  risk: VerdictRisk | null; subject: ({ display_name: string; document?: string | null } & Record<string, unknown>) | null;
  versions: Record<string, string | null>; error: { code: string; message: string } | null;
  created_at: string; started_at: string | null; completed_at: string | null;
};

export type Signal = {
  code: string; name?: string; pillar: string; identified: boolean; score: number; base_points?: number;
  evidences?: Evidence[]; limitations?: { fields?: string[]; justification?: string }[];
};
export type ExplanationStep = { step: number; kind: string; code: string; text: string; pillar?: string; points?: number };

export type VerifyResult = { analysis_uuid: string; match: boolean; stored: Record<string, unknown>; recomputed: Record<string, unknown>; differences: string[] };

export type WebhookEndpoint = {
  uuid: string; name: string; url: string; subscribed_events: string[]; status: string; disabled_reason: string | null;
  consecutive_failures: number; last_success_at: string | null; last_failure_at: string | null; created_at: string;
};
export type WebhookEvent = {
  uuid: string; endpoint_uuid: string; type: string; status: string; attempt_count: number;
  next_attempt_at: string | null; delivered_at: string | null; created_at: string;
};

export type ReportSection = { key: string; title: string; kind: 'deterministic' | 'narrative'; revision: number; content: unknown; provenance?: unknown };
export type Report = {
  uuid: string; type: string; regulator: string; status: string; analysis_uuid: string;
  subject?: { entity_id?: number; name?: string; document?: string | null } | null;
  window?: { anchor_at: string; expires_at: string } | null;
  sections?: ReportSection[]; content_sha256?: string | null; created_at: string; finalized_at?: string | null;
};
