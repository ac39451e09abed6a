import type { components } from './openapi-types';

/**
 * The shapes the console reads from the public API, named as the views know them: aliases of the
 * types generated from the API's OpenAPI document (openapi-types.ts, `npm run console:api-types`),
 * so a change of the contract is a type error here rather than a surprise in the browser. The
 * console is a client of the HTTP contract, not of the server's code.
 */
type Schemas = components['schemas'];

export type RiskLevel = Schemas['RiskLevel'];

/** A quota's standing this period; `null` limit and remaining: unlimited. */
export type QuotaStanding = Schemas['QuotaStanding'];

export type Account = Schemas['Account'];
export type Session = Schemas['Session'];

export type AnalysisLinks = Schemas['Analysis']['links'];

/** An item of GET /analyses. */
export type AnalysisSummary = Schemas['AnalysisPage']['items'][number];

/*
 * The document gives the verdict's risk as score and risk level plus open fields, a signal and an
 * explanation step as their key fields plus open fields (docs/analyses.md names them): the open
 * fields the views read are typed here, on top of the generated part.
 */
export type Evidence = { key: string; label: string; description: string; content: unknown; metadata: Record<string, unknown> };
export type Modifier = { code: string; name: string; multiplier_delta: number; evidences: Evidence[] };
export type MetaSignal = {
  code: string; name: string; pillar?: string; identified: boolean; base_score: number; adjusted_score: number; signal_multiplier: number;
  applied_aggravants: Modifier[]; applied_attenuants: Modifier[]; evidences: Evidence[]; observed_entity_ids: number[];
};
export type PillarBreakdown = { pillar: string; weight: number; subscore: number; base_points: number; weighted_score: number; identified_signal_codes: string[] };

export type VerdictRisk = NonNullable<Schemas['Analysis']['risk']> & {
  diffuse_score?: number; dispositive_floor?: number;
  review_required?: boolean; review_recommended?: boolean; escalation_required?: boolean;
  escalation_reasons?: { code?: string; reason?: string; source_signal_code?: string | null }[];
  band_floors_applied?: { floor_score: number; reason: string; source_code: string }[];
  limitations?: string[]; meta_signals?: MetaSignal[]; pillar_breakdown?: PillarBreakdown[];
};

/** GET /api/analyses/{analysis_uuid}: the read form, its open verdict fields typed. */
export type AnalysisRead = Omit<Schemas['Analysis'], 'risk' | 'subject'> & {
  risk: VerdictRisk | null;
  subject: (NonNullable<Schemas['Analysis']['subject']> & { document?: string | null }) | null;
};

export type Signal = NonNullable<Schemas['AnalysisSignals']['signals']>[number] & {
  name?: string; base_points?: number; evidences?: Evidence[]; limitations?: { fields?: string[]; justification?: string }[];
};
export type ExplanationStep = NonNullable<Schemas['AnalysisExplanation']['explanation']>[number] & { pillar?: string; points?: number };

export type VerifyResult = Schemas['AnalysisVerification'];

export type SyncAnalysisAnswer = Schemas['SyncAnalysisResponse'];
export type AsyncAnalysisAccepted = Schemas['AsyncAnalysisAccepted'];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type WebhookEventWithAttempts = Schemas['WebhookEventWithAttempts'];
export type WebhookDeliveryAttempt = Schemas['WebhookDeliveryAttempt'];

export type ReportSection = Schemas['ReportSection'];
export type Report = Schemas['Report'];
export type ReportSummary = Schemas['ReportSummary'];

export type AsyncAnalysisRequest = Schemas['AsyncAnalysisRequest'];
export type ReportType = Schemas['CreateReport']['type'];
export type WebhookEventType = Schemas['CreateWebhookEndpoint']['subscribed_events'][number];
export type GraphExpansionDomain = Schemas['GraphExpansionRequest']['domains'][number];

export type Case = Schemas['Case'];
export type CaseOutcome = Schemas['CaseDecision']['outcome'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditVerification = Schemas['AuditChainVerification'];
export type Person = Schemas['Person'];

export type Monitor = Schemas['Monitor'];
export type MonitoringAlert = Schemas['MonitoringAlert'];
