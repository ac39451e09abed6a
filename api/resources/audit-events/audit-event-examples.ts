/** Examples of the audit trail's bodies (docs/people-and-cases.md, "The audit trail"). */
export const auditEventExample = {
  uuid: '3f2c8a10-5b7e-4d21-9c3a-7e6f5d4c3b2a',
  company_uuid: '0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10',
  seq: 42,
  at: '2026-11-25T14:03:11.512Z',
  actor: { type: 'api_key', id: '5c1f3f8e-2b6a-4a8e-8d55-3f0f1e2d4c6b', name: 'backoffice integration' },
  action: 'webhook_endpoint.created',
  resource: { type: 'webhook_endpoint', uuid: '8d7e6f5a-4b3c-4d2e-9f1a-0b1c2d3e4f5a' },
  request_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  changes: {
    name: 'main',
    url: 'https://hooks.example.com/risk',
    subscribed_events: ['analysis.completed'],
    status: 'active',
    secret_version: 1,
  },
  chain: {
    prev_sha256: '9b2f0e8a3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f',
    sha256: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2',
  },
};

export const auditVerificationExample = {
  valid: true,
  events: 42,
  head_sha256: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2',
  first_invalid: null,
};

export const brokenAuditVerificationExample = {
  valid: false,
  events: 42,
  head_sha256: 'c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2',
  first_invalid: { seq: 17, reason: 'sha256_mismatch' },
};
