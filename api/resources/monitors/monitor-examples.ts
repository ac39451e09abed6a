/** Examples of the monitoring endpoints (docs/monitoring.md); each parses with its schema (test/unit/api/openapi). */
export const monitorExample = {
  uuid: '3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  status: 'active',
  subject: { entity_id: 4711, entity_type: 'organization', name: 'EXEMPLO COMERCIO LTDA', document: '11222333000181' },
  client_reference: 'customer-0042',
  webhook_endpoint_uuid: null,
  baseline_analysis_uuid: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  last_analysis_uuid: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  last_verdict: { score: 12, risk_level: 'low' },
  last_checked_at: '2026-11-26T00:10:00.000Z',
  next_review_at: '2028-11-26T00:10:00.000Z',
  open_alerts: 0,
  created_at: '2026-11-26T00:09:59.000Z',
  stopped_at: null,
};

export const alertExample = {
  uuid: '8c9d0e1f-2a3b-4c4d-9e5f-6a7b8c9d0e1f',
  monitor_uuid: '3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  analysis_uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  previous_analysis_uuid: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  kind: 'risk_increased',
  previous: { score: 12, risk_level: 'low' },
  current: { score: 78, risk_level: 'critical' },
  signals_added: ['SANCTION_ACTIVE_NETWORK'],
  signals_removed: [],
  causes: [{ source: 'ceis', version: 'run-42' }],
  status: 'open',
  created_at: '2026-12-02T09:30:00.000Z',
  client_reference: 'customer-0042',
};
