import { ConfigError, loadConfig } from '../../../config/config';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/entity_risk',
  WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('configuration from the environment', () => {
  it('applies defaults', () => {
    const config = loadConfig(valid);
    expect(config.PORT).toBe(8080);
    expect(config.TEMPORAL_ADDRESS).toBe('127.0.0.1:7233');
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(config.WEBHOOK_SECRET_OVERLAP).toBe(86_400_000);
    expect(config.TEMPORAL_UI_PUBLIC_URL).toBeUndefined();
    expect(config.TEST_WORKFLOW_STEP_DELAY_MS).toBeUndefined();
    expect(config.IDEMPOTENCY_PURGE_INTERVAL).toBe(3_600_000);
    expect(config.OIDC_ISSUER_URL).toBeUndefined();
    expect(config.OIDC_CLIENT_ID).toBe('era-console');
    expect(config.OIDC_ROLES_CLAIM).toBe('roles');
    expect(config.OIDC_COMPANY_CLAIM).toBe('company');
    expect(config.SESSION_TTL).toBe(8 * 3_600_000);
    expect([config.MONITOR_CHECK_CONCURRENCY, config.MONITOR_CHECKS_PER_SECOND]).toEqual([2, undefined]);
  });

  it("reads the monitor checks' rate cap, fractions included", () => {
    expect(loadConfig({ ...valid, MONITOR_CHECKS_PER_SECOND: '2.5' }).MONITOR_CHECKS_PER_SECOND).toBe(2.5);
  });

  it('reads the sign-in settings', () => {
    const config = loadConfig({
      ...valid,
      OIDC_ISSUER_URL: 'https://id.example.com/realms/bank',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ROLES_CLAIM: 'groups',
      SESSION_TTL: '30m',
      OIDC_COMPANY_UUID: '',
    });
    expect([
      config.OIDC_ISSUER_URL,
      config.OIDC_CLIENT_SECRET,
      config.OIDC_ROLES_CLAIM,
      config.SESSION_TTL,
      config.OIDC_COMPANY_UUID,
    ]).toEqual(['https://id.example.com/realms/bank', 's3cret', 'groups', 1_800_000, undefined]);
  });

  it.each([
    ['1m', 60_000],
    ['15m', 900_000],
    ['7d', 604_800_000],
  ])('reads the idempotency purge interval %s', (value, ms) => {
    expect(loadConfig({ ...valid, IDEMPOTENCY_PURGE_INTERVAL: value }).IDEMPOTENCY_PURGE_INTERVAL).toBe(ms);
  });

  it('reads one duration for the secret overlap and a test-only delay under NODE_ENV=test', () => {
    expect(loadConfig({ ...valid, WEBHOOK_SECRET_OVERLAP: '3s' }).WEBHOOK_SECRET_OVERLAP).toBe(3000);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', TEST_WORKFLOW_STEP_DELAY_MS: '20000' }).TEST_WORKFLOW_STEP_DELAY_MS).toBe(20_000);
  });

  it('parses durations and flags', () => {
    const config = loadConfig({ ...valid, WEBHOOK_RETRY_SCHEDULE: '1s, 500ms,2m', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([1000, 500, 120_000]);
    expect(config.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT:'],
    [{ PORT: '70000' }, 'PORT:'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ TEMPORAL_ADDRESS: 'localhost' }, 'TEMPORAL_ADDRESS: must be host:port'],
    [{ WEBHOOK_ENCRYPTION_KEY: 'short' }, 'WEBHOOK_ENCRYPTION_KEY: must be base64 of exactly 32 bytes'],
    [{ WEBHOOK_RETRY_SCHEDULE: '5s,soon' }, 'WEBHOOK_RETRY_SCHEDULE: "soon" is not a duration'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
    [{ WEBHOOK_SECRET_OVERLAP: '1h,2h' }, 'WEBHOOK_SECRET_OVERLAP: must be one duration'],
    [{ TEMPORAL_UI_PUBLIC_URL: 'not a url' }, 'TEMPORAL_UI_PUBLIC_URL:'],
    [{ IDEMPOTENCY_PURGE_INTERVAL: 'hourly' }, 'IDEMPOTENCY_PURGE_INTERVAL: "hourly" is not a duration'],
    [{ IDEMPOTENCY_PURGE_INTERVAL: '30s' }, 'IDEMPOTENCY_PURGE_INTERVAL: must be from 1m to 7d'],
    [{ IDEMPOTENCY_PURGE_INTERVAL: '8d' }, 'IDEMPOTENCY_PURGE_INTERVAL: must be from 1m to 7d'],
    [{ OIDC_ISSUER_URL: 'not a url' }, 'OIDC_ISSUER_URL:'],
    [{ SESSION_TTL: '40d' }, 'SESSION_TTL: must be from 1s to 30d'],
    [{ OIDC_COMPANY_UUID: 'demo' }, 'OIDC_COMPANY_UUID:'],
    [{ TEST_WORKFLOW_STEP_DELAY_MS: '1000' }, 'TEST_WORKFLOW_STEP_DELAY_MS: only allowed with NODE_ENV=test'],
    [{ MONITOR_CHECKS_PER_SECOND: '0' }, 'MONITOR_CHECKS_PER_SECOND:'],
    [{ MONITOR_CHECKS_PER_SECOND: 'fast' }, 'MONITOR_CHECKS_PER_SECOND:'],
  ])('rejects %j with one readable line', (override, expected) => {
    let error: unknown;
    try {
      loadConfig({ ...valid, ...override });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expected);
  });

  it('names every missing required variable', () => {
    expect(() => loadConfig({})).toThrow(/DATABASE_URL[\s\S]*WEBHOOK_ENCRYPTION_KEY/);
  });
});
