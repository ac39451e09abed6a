import {
  auditHashInput,
  EMPTY_CHAIN_HEAD,
  GENESIS_SHA256,
  hashAuditEvent,
  isAuditAction,
  linkAuditEvent,
  type AuditEventContent,
} from '../../../../domain/audit/audit-event';
import { sha256Hex } from '../../../../domain/fingerprint';

const content: Omit<AuditEventContent, 'seq'> = {
  uuid: '0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10',
  company_uuid: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  at: '2026-11-25T12:00:00.000Z',
  actor: { type: 'api_key', id: '11111111-1111-4111-8111-111111111111', name: 'integration' },
  action: 'webhook_endpoint.created',
  resource: { type: 'webhook_endpoint', uuid: '22222222-2222-4222-8222-222222222222' },
  request_id: 'req-1',
  changes: { url: 'https://a.example/h', name: 'main' },
};

describe('isAuditAction', () => {
  it.each([
    ['analysis.created', true],
    ['webhook_endpoint.secret_rotated', true],
    ['key.created', true],
    ['Analysis.created', false],
    ['analysis', false],
    ['analysis.created.now', false],
    ['analysis-created', false],
    ['analysis.', false],
  ])('%s: %s', (action, expected) => {
    expect(isAuditAction(action)).toBe(expected);
  });
});

describe('auditHashInput', () => {
  it('is the canonical JSON of the content and prev_sha256', () => {
    expect(auditHashInput({ ...content, seq: 1 }, GENESIS_SHA256)).toBe(
      '{"action":"webhook_endpoint.created","actor":{"id":"11111111-1111-4111-8111-111111111111","name":"integration","type":"api_key"},' +
        '"at":"2026-11-25T12:00:00.000Z","changes":{"name":"main","url":"https://a.example/h"},"company_uuid":"6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",' +
        `"prev_sha256":"${GENESIS_SHA256}","request_id":"req-1","resource":{"type":"webhook_endpoint","uuid":"22222222-2222-4222-8222-222222222222"},"seq":1,` +
        '"uuid":"0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10"}',
    );
  });

  it("covers a person's via_key when they acted through their personal key, and hashes every other actor as before", () => {
    const viaKey = {
      ...content,
      seq: 1,
      actor: {
        type: 'user' as const,
        id: '33333333-3333-4333-8333-333333333333',
        name: 'Ana',
        via_key: '11111111-1111-4111-8111-111111111111',
      },
    };
    expect(auditHashInput(viaKey, GENESIS_SHA256)).toContain(
      '"actor":{"id":"33333333-3333-4333-8333-333333333333","name":"Ana","type":"user","via_key":"11111111-1111-4111-8111-111111111111"}',
    );
    const signedIn = { ...viaKey, actor: { type: 'user' as const, id: '33333333-3333-4333-8333-333333333333', name: 'Ana' } };
    expect(auditHashInput(signedIn, GENESIS_SHA256)).toContain(
      '"actor":{"id":"33333333-3333-4333-8333-333333333333","name":"Ana","type":"user"}',
    );
    expect(hashAuditEvent(viaKey, GENESIS_SHA256)).not.toBe(hashAuditEvent(signedIn, GENESIS_SHA256));
  });

  it('ignores members beyond the content (the stored chain object, extra columns)', () => {
    const event = linkAuditEvent(EMPTY_CHAIN_HEAD, content);
    expect(auditHashInput({ ...event, extra: 1 } as AuditEventContent, GENESIS_SHA256)).toBe(
      auditHashInput({ ...content, seq: 1 }, GENESIS_SHA256),
    );
  });
});

describe('linkAuditEvent', () => {
  it('starts a chain at seq 1 on the genesis hash', () => {
    const first = linkAuditEvent(EMPTY_CHAIN_HEAD, content);
    expect(first.seq).toBe(1);
    expect(first.chain.prev_sha256).toBe(GENESIS_SHA256);
    expect(first.chain.sha256).toBe(sha256Hex(auditHashInput({ ...content, seq: 1 }, GENESIS_SHA256)));
  });

  it('links the next event to the head', () => {
    const first = linkAuditEvent(EMPTY_CHAIN_HEAD, content);
    const second = linkAuditEvent({ seq: first.seq, sha256: first.chain.sha256 }, { ...content, action: 'webhook_endpoint.updated' });
    expect(second.seq).toBe(2);
    expect(second.chain.prev_sha256).toBe(first.chain.sha256);
  });

  it.each([
    ['the changes', { changes: { url: 'https://b.example/h', name: 'main' } }],
    ['the actor', { actor: { ...content.actor, id: '33333333-3333-4333-8333-333333333333' } }],
    ['the time', { at: '2026-11-25T12:00:00.001Z' }],
    ['the company', { company_uuid: null }],
    ['the request id', { request_id: null }],
    ['the resource', { resource: { type: 'webhook_endpoint', uuid: '44444444-4444-4444-8444-444444444444' } }],
  ])('changes its hash when %s change', (_name, change) => {
    expect(hashAuditEvent({ ...content, ...change, seq: 1 } as AuditEventContent, GENESIS_SHA256)).not.toBe(
      hashAuditEvent({ ...content, seq: 1 }, GENESIS_SHA256),
    );
  });

  it('refuses an action not of the form <resource>.<verb>', () => {
    expect(() => linkAuditEvent(EMPTY_CHAIN_HEAD, { ...content, action: 'created' })).toThrow('not an audit action');
  });
});
