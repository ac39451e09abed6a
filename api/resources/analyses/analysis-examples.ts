/** Examples of the analysis bodies for the API reference (checked against their schemas by test/unit/api/openapi-document.test.ts). */
const uuid = '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12';
const entryUuid = '9a1c2e3f-4b5d-4c6e-8f70-81a2b3c4d5e6';
const fingerprint = 'a3f1c09e5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f';

export const syncAnalysisRequestExample = { document: '11.222.333/0001-81', source: 'onboarding' };
export const asyncAnalysisRequestExample = { entity_id: 4711, client_reference: 'case-2026-0042', source: 'periodic-review', webhook_endpoint_uuid: null };

const subject = { entity_id: 4711, display_name: 'EXEMPLO COMERCIO LTDA', normalized_name: 'EXEMPLO COMERCIO LTDA' };

export const syncAnalysisResponseExample = {
  uuid,
  risk: { score: 62, risk_level: 'high' },
  subject: { ...subject, entity_type: 'organization' },
  versions: { rules_version: '2026.11.1', engine_fingerprint: fingerprint, input_fingerprint: fingerprint, verdict_fingerprint: fingerprint, snapshot_hash: fingerprint },
};

export const asyncAnalysisResponseExample = { analysis_uuid: uuid, entry_uuid: entryUuid };

const links = {
  self: `/api/analyses/${uuid}`,
  events: `/analyses/${uuid}/events`,
  explanation: `/analyses/${uuid}/explanation`,
  graph: `/analyses/${uuid}/graph`,
  signals: `/analyses/${uuid}/signals`,
  snapshot: `/analyses/${uuid}/snapshot`,
};

export const analysisReadExample = {
  uuid,
  status: 'completed',
  current_step: 'completed',
  mode: 'async',
  entity_id: 4711,
  entry_uuid: entryUuid,
  as_of: '2026-11-23',
  source: 'periodic-review',
  client_reference: 'case-2026-0042',
  links,
  risk: { score: 62, risk_level: 'high', review_recommended: true, review_required: true, escalation_required: false },
  signal_counts: { score_sum: 62, total: 3, by_pillar: { sanctions: 1, pep: 2 } },
  subject,
  versions: {
    analysis_workflow_version: '1', regulatory_catalog_version: null, rules_version: '2026.11.1', scoring_engine_version: '1.0.0', operational_model: null,
    operational_prompt_version: null, snapshot_hash: fingerprint, engine_fingerprint: fingerprint, input_fingerprint: fingerprint, verdict_fingerprint: fingerprint,
  },
  error: null,
  created_at: '2026-11-23T10:00:00.000Z',
  started_at: '2026-11-23T10:00:00.120Z',
  completed_at: '2026-11-23T10:00:00.480Z',
  window: { anchor_at: '2026-11-23T10:00:00.480Z', expires_at: '2026-11-24T10:00:00.480Z' },
};

export const analysisEventsExample = {
  analysis_uuid: uuid,
  status: 'completed',
  events: [
    { type: 'queued', occurred_at: '2026-11-23T10:00:00.000Z', details: {} },
    { type: 'completed', occurred_at: '2026-11-23T10:00:00.480Z', details: { score: 62, risk_level: 'high' } },
  ],
};

export const analysisExplanationExample = {
  analysis_uuid: uuid,
  status: 'completed',
  rules_version: '2026.11.1',
  engine_fingerprint: fingerprint,
  explanation: [{ step: 1, kind: 'signal', code: 'SANCTION_ACTIVE', text: 'Active CEIS sanction of the subject: dispositive floor 50.' }],
};

export const analysisSignalsExample = {
  analysis_uuid: uuid,
  status: 'completed',
  rules_version: '2026.11.1',
  signal_counts: { score_sum: 62, total: 1 },
  signals: [{ code: 'SANCTION_ACTIVE', pillar: 'sanctions', identified: true, score: 50 }],
};

export const analysisSnapshotExample = { analysis_uuid: uuid, status: 'completed', snapshot_hash: fingerprint, snapshot: { as_of: '2026-11-23', subject: { entity_id: 4711 } } };

export const analysisPageExample = {
  items: [{
    uuid, status: 'completed', mode: 'async', entity_id: 4711, subject: { display_name: 'EXEMPLO COMERCIO LTDA', document: '11222333000181' }, score: 62, risk_level: 'high',
    client_reference: 'case-2026-0042', source: 'periodic-review', created_at: '2026-11-23T10:00:00.000Z', completed_at: '2026-11-23T10:00:00.480Z', links,
  }],
  next_cursor: 'eyJwIjp7InQiOiIyMDI2LTExLTIzVDEwOjAwOjAwLjAwMDAwMFoiLCJpZCI6NDJ9LCJiIjoiIn0',
};

const fingerprints = { snapshot_hash: fingerprint, input_fingerprint: fingerprint, engine_fingerprint: fingerprint, verdict_fingerprint: fingerprint };
export const analysisVerificationExample = {
  analysis_uuid: uuid, match: true, rules_version: '2026.11.1', scoring_engine_version: { stored: '1.0.0', running: '1.0.0' }, engine_version_changed: false,
  stored: fingerprints, recomputed: fingerprints, differences: [], differences_truncated: false, note: null,
};
