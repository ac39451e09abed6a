import { type AuditEvent, EMPTY_CHAIN_HEAD, linkAuditEvent } from '../../../../domain/audit/audit-event';
import { checkAuditLink, createAuditChainVerifier, verifyAuditChain } from '../../../../domain/audit/verify-audit-chain';

function chainOf(length: number): AuditEvent[] {
  const events: AuditEvent[] = [];
  let head = EMPTY_CHAIN_HEAD;
  for (let i = 0; i < length; i += 1) {
    const event = linkAuditEvent(head, {
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      company_uuid: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      at: new Date(Date.UTC(2026, 10, 25, 12, 0, i)).toISOString(),
      actor: { type: 'operator', id: 'ana', name: 'ana' },
      action: 'analysis.created',
      resource: { type: 'analysis', uuid: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
      request_id: null,
      changes: { status: 'queued', n: i },
    });
    events.push(event);
    head = { seq: event.seq, sha256: event.chain.sha256 };
  }
  return events;
}

describe('verifyAuditChain', () => {
  const five = chainOf(5);

  it('accepts an empty chain', () => {
    expect(verifyAuditChain([])).toEqual({ valid: true, events: 0, head_sha256: EMPTY_CHAIN_HEAD.sha256, first_invalid: null });
  });

  it('accepts an intact chain and names its head', () => {
    expect(verifyAuditChain(five)).toEqual({ valid: true, events: 5, head_sha256: five[4].chain.sha256, first_invalid: null });
  });

  const tampered: [string, (events: AuditEvent[]) => AuditEvent[], { seq: number; reason: string }][] = [
    [
      'a changed field',
      (e) => e.map((x) => (x.seq === 3 ? { ...x, changes: { status: 'completed', n: 2 } } : x)),
      { seq: 3, reason: 'sha256_mismatch' },
    ],
    [
      'a changed actor',
      (e) => e.map((x) => (x.seq === 2 ? { ...x, actor: { type: 'operator', id: 'bob', name: 'bob' } } : x)),
      { seq: 2, reason: 'sha256_mismatch' },
    ],
    ['a removed event', (e) => e.filter((x) => x.seq !== 3), { seq: 4, reason: 'seq_gap' }],
    ['a removed first event', (e) => e.slice(1), { seq: 2, reason: 'seq_gap' }],
    ['two events swapped', (e) => [e[0], e[2], e[1], e[3], e[4]], { seq: 3, reason: 'seq_gap' }],
    [
      'a rehashed event (its own hash recomputed, the next link broken)',
      (e) => {
        const forged = linkAuditEvent({ seq: 1, sha256: e[0].chain.sha256 }, { ...e[1], changes: { forged: true } });
        return [e[0], forged, e[2], e[3], e[4]];
      },
      { seq: 3, reason: 'prev_sha256_mismatch' },
    ],
    [
      'a replaced sha256',
      (e) => e.map((x) => (x.seq === 5 ? { ...x, chain: { ...x.chain, sha256: 'f'.repeat(64) } } : x)),
      { seq: 5, reason: 'sha256_mismatch' },
    ],
  ];
  it.each(tampered)('reports %s', (_name, tamper, expected) => {
    const result = verifyAuditChain(tamper(five));
    expect(result.valid).toBe(false);
    expect(result.first_invalid).toEqual(expected);
  });

  it('reads a chain in pages as it reads it whole', () => {
    const verifier = createAuditChainVerifier();
    verifier.push(five.slice(0, 2));
    verifier.push(five.slice(2));
    expect(verifier.result()).toEqual(verifyAuditChain(five));
  });

  it('reports the first break only, and counts every event', () => {
    const broken = five.map((x) => (x.seq >= 2 ? { ...x, request_id: 'changed' } : x));
    expect(verifyAuditChain(broken)).toMatchObject({ valid: false, events: 5, first_invalid: { seq: 2, reason: 'sha256_mismatch' } });
  });
});

describe('checkAuditLink', () => {
  it('accepts the first event on the empty head', () => {
    expect(checkAuditLink(EMPTY_CHAIN_HEAD, chainOf(1)[0])).toBeNull();
  });
});
