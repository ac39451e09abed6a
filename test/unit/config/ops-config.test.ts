import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../../config/config';
import { loadLocalStackDatabase, loadOpsConfig } from '../../../config/ops-config';

const projectRoot = path.resolve(__dirname, '..', '..', '..');

describe('the ops CLI configuration', () => {
  it.each([
    // The password part is whatever the developer's own cluster generated (none before its first start).
    [
      'nothing set: the npm start database',
      {},
      /^postgres:\/\/risk_service:[^@]*@127\.0\.0\.1:54329\/entity_risk$/,
      path.join(projectRoot, '.data', 'dev'),
    ],
    [
      'PGPORT and STACK_DATA_DIR as npm start honours them',
      { PGPORT: '55001', STACK_DATA_DIR: '/tmp/stack-x-no-cluster' },
      /^postgres:\/\/risk_service:@127\.0\.0\.1:55001\/entity_risk$/,
      '/tmp/stack-x-no-cluster',
    ],
    [
      'an empty DATABASE_URL counts as unset',
      { DATABASE_URL: '' },
      /^postgres:\/\/risk_service:[^@]*@127\.0\.0\.1:54329\/entity_risk$/,
      path.join(projectRoot, '.data', 'dev'),
    ],
  ])('%s', (_name, env, url, dataDir) => {
    const config = loadOpsConfig(env);
    expect(config.DATABASE_URL).toMatch(url);
    expect(config.DATABASE_OWNER_URL).toMatch(/^postgres:\/\/risk_owner:/);
    expect(config.embeddedDatabase).toMatchObject({ url: config.DATABASE_URL, dataDir });
    expect(loadLocalStackDatabase(env).dataDir).toBe(dataDir);
  });

  it('connects to the local stack as its service role with the passwords kept in its cluster folder; db migrate as its owner', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-config-'));
    try {
      mkdirSync(path.join(dataDir, 'postgres'));
      writeFileSync(path.join(dataDir, 'postgres', 'roles.json'), JSON.stringify({ owner: 'o/wn', service: 'serv', admin: 'adm' }));
      expect(loadOpsConfig({ STACK_DATA_DIR: dataDir, PGPORT: '55002' })).toMatchObject({
        DATABASE_URL: 'postgres://risk_service:serv@127.0.0.1:55002/entity_risk',
        DATABASE_OWNER_URL: 'postgres://risk_owner:o%2Fwn@127.0.0.1:55002/entity_risk',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('uses DATABASE_URL when given, with no embedded database; DATABASE_OWNER_URL for migrations, else DATABASE_URL', () => {
    expect(loadOpsConfig({ DATABASE_URL: 'postgres://u@db.example:5432/risk' })).toMatchObject({
      DATABASE_URL: 'postgres://u@db.example:5432/risk',
      DATABASE_OWNER_URL: 'postgres://u@db.example:5432/risk',
      embeddedDatabase: null,
    });
    expect(
      loadOpsConfig({ DATABASE_URL: 'postgres://u@db.example:5432/risk', DATABASE_OWNER_URL: 'postgres://o@db.example:5432/risk' }),
    ).toMatchObject({ DATABASE_URL: 'postgres://u@db.example:5432/risk', DATABASE_OWNER_URL: 'postgres://o@db.example:5432/risk' });
  });

  it('defaults Temporal like every process and takes it from the environment', () => {
    expect(loadOpsConfig({})).toMatchObject({ TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default' });
    expect(loadOpsConfig({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_NAMESPACE: 'risk' })).toMatchObject({
      TEMPORAL_ADDRESS: 'temporal:7233',
      TEMPORAL_NAMESPACE: 'risk',
    });
  });

  it.each([
    ['a port out of range', { PGPORT: '70000' }],
    ['a database URL of another kind', { DATABASE_URL: 'mysql://x@y/z' }],
    ['a Temporal address without a port', { TEMPORAL_ADDRESS: 'temporal' }],
  ])('refuses %s with one line per problem', (_name, env) => {
    expect(() => loadOpsConfig(env)).toThrow(ConfigError);
  });
});
