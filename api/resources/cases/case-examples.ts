/** Examples of the cases' bodies (docs/people-and-cases.md, "Cases"). */
const analyst = { type: 'user', id: '2b7c9e4a-1d3f-4a6b-8c2d-5e7f9a1b3c4d', name: 'Ana Analista' };
const officer = { type: 'user', id: '7e1d3c5b-9a2f-4b8e-8d6c-1a3b5c7d9e0f', name: 'Otávio Oficial' };

export const caseExample = {
  uuid: '5d8e2f1a-3b4c-4d5e-9f6a-7b8c9d0e1f2a',
  status: 'closed',
  priority: 'urgent',
  risk_level: 'critical',
  subject: { entity_id: 1042, entity_type: 'organization', document: 'H0.000.007/0001-10', name: 'SHOWCASE PARTICIPACOES LTDA' },
  analysis_uuid: '0f3e2d1c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  alert_uuid: null,
  reason: 'escalation_required',
  opened_by: { type: 'system', id: 'entity-risk-analysis-service', name: 'entity-risk-analysis-service' },
  assignee: analyst,
  due_at: '2026-11-26T02:59:59.999Z',
  overdue: false,
  overdue_at: null,
  decision: {
    outcome: 'report_to_coaf',
    rationale:
      'A sanctioned owner and a PEP partner behind a four-layer chain; the operation matches Carta Circular 4.001 situations of concealment.',
    decided_by: analyst,
    decided_at: '2026-11-25T15:12:40.118Z',
    approved_by: officer,
    approved_at: '2026-11-25T16:03:02.907Z',
    approval_comment: 'Agreed; communicate today.',
  },
  coaf_deadline_at: '2026-11-27T02:59:59.999Z',
  coaf_clock: 'running',
  report_uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  notes: [
    {
      uuid: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      author: analyst,
      text: 'Registry chain checked against the BODS statements.',
      created_at: '2026-11-25T15:01:10.552Z',
    },
  ],
  created_at: '2026-11-25T14:58:03.221Z',
  updated_at: '2026-11-25T16:03:02.907Z',
  closed_at: '2026-11-25T16:03:02.907Z',
};

export const personExample = {
  id: analyst.id,
  name: analyst.name,
  email: 'ana@bank.example',
  roles: ['analyst'],
  active: true,
  deactivated_at: null,
};
