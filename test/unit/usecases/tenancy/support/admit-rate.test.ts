import type { AuthContext } from '../../../../../domain/tenancy';
import { limitsOf } from '../../../../../usecases/tenancy/support/admit-rate';

const config = { WEBHOOK_MAX_ENDPOINTS_PER_COMPANY: 50, WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE: 10, API_KEY_REQUESTS_PER_SECOND: 50 };
const withPlanLimits = (planLimits: AuthContext['planLimits']) => ({ planLimits }) as AuthContext;

describe('limitsOf: the limits a company works under (GET /account)', () => {
  it.each([
    [{}, { webhook_endpoints: 50, test_events_per_endpoint_per_minute: 10, requests_per_second: 50 }],
    [{ webhook_endpoints: 200 }, { webhook_endpoints: 200, test_events_per_endpoint_per_minute: 10, requests_per_second: 50 }],
    [
      { test_events_per_endpoint_per_minute: 0, requests_per_second: 5 },
      { webhook_endpoints: 50, test_events_per_endpoint_per_minute: 0, requests_per_second: 5 },
    ],
  ])('plan limits %j → %j', (planLimits, expected) => {
    expect(limitsOf(withPlanLimits(planLimits), config)).toEqual(expected);
  });
});
