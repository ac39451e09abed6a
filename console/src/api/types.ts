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

/* The verdict's parts, exactly as the reference states them (docs/analyses.md, "The read form, field by field"). */
export type Evidence = Schemas['Evidence'];
export type Modifier = Schemas['Modifier'];
export type MetaSignal = Schemas['MetaSignal'];
export type PillarBreakdown = Schemas['PillarBreakdown'];
export type VerdictRisk = Schemas['AnalysisRisk'];

/** GET /api/analyses/{analysis_uuid}: the read form. */
export type AnalysisRead = Schemas['Analysis'];

export type Signal = Schemas['EvaluatedSignal'];
export type ExplanationStep = Schemas['ExplanationItem'];

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
export type AnalysisBatch = Schemas['AnalysisBatch'];
