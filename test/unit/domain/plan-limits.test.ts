import { decideRate, effectiveLimit, readPlanLimits } from '../../../domain/plan-limits';

describe('plan limits', () => {
  it.each([
    [{}, 'webhook_endpoints', 50, 50],
    [{ webhook_endpoints: 200 }, 'webhook_endpoints', 50, 200],
    [{ webhook_endpoints: 0 }, 'webhook_endpoints', 50, 0],
    [{ requests_per_second: 5 }, 'webhook_endpoints', 50, 50],
  ] as const)('plan %j, %s, configured %i → %i', (plan, name, configured, expected) => {
    expect(effectiveLimit(plan, name, configured)).toBe(expected);
  });

  it.each([
    [null, {}],
    ['text', {}],
    [
      { webhook_endpoints: 10, requests_per_second: 200 },
      { webhook_endpoints: 10, requests_per_second: 200 },
    ],
    [{ webhook_endpoints: -1, requests_per_second: 1.5, test_events_per_endpoint_per_minute: '3' }, {}],
    [{ unknown_limit: 4, test_events_per_endpoint_per_minute: 3 }, { test_events_per_endpoint_per_minute: 3 }],
  ])('reads stored limits %j as %j', (stored, expected) => {
    expect(readPlanLimits(stored)).toEqual(expected);
  });

  it.each([
    [{ used: 1, resetInMs: 900 }, 3, { allowed: true, limit: 3, remaining: 2, resetInMs: 900 }],
    [{ used: 3, resetInMs: 10 }, 3, { allowed: true, limit: 3, remaining: 0, resetInMs: 10 }],
    [{ used: 4, resetInMs: 10 }, 3, { allowed: false, limit: 3, remaining: 0, resetInMs: 10 }],
    [{ used: 1, resetInMs: -5 }, 0, { allowed: false, limit: 0, remaining: 0, resetInMs: 0 }],
  ])('count %j against %i → %j', (count, limit, decision) => {
    expect(decideRate(count, limit)).toEqual(decision);
  });
});
