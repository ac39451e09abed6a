import path from 'node:path';
import { ConfigError } from '../../../config/config';
import { loadLocalStackDatabase, loadOpsConfig } from '../../../config/ops-config';

const projectRoot = path.resolve(__dirname, '..', '..', '..');

describe('the ops CLI configuration', () => {
  it.each([
    ['nothing set: the npm start database', {}, 'postgres://postgres@127.0.0.1:54329/entity_risk', path.join(projectRoot, '.data', 'dev')],
    ['PGPORT and STACK_DATA_DIR as npm start honours them', { PGPORT: '55001', STACK_DATA_DIR: '/tmp/stack-x' }, 'postgres://postgres@127.0.0.1:55001/entity_risk', '/tmp/stack-x'],
    ['an empty DATABASE_URL counts as unset', { DATABASE_URL: '' }, 'postgres://postgres@127.0.0.1:54329/entity_risk', path.join(projectRoot, '.data', 'dev')],
  ])('%s', (_name, env, url, dataDir) => {
    const config = loadOpsConfig(env);
    expect(config.DATABASE_URL).toBe(url);
    expect(config.embeddedDatabase).toMatchObject({ url, dataDir });
    expect(loadLocalStackDatabase(env).dataDir).toBe(dataDir);
  });

  it('uses DATABASE_URL when given, with no embedded database', () => {
    expect(loadOpsConfig({ DATABASE_URL: 'postgres://u@db.example:5432/risk' })).toMatchObject({ DATABASE_URL: 'postgres://u@db.example:5432/risk', embeddedDatabase: null });
  });

  it('defaults Temporal like every process and takes it from the environment', () => {
    expect(loadOpsConfig({})).toMatchObject({ TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default' });
    expect(loadOpsConfig({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_NAMESPACE: 'risk' })).toMatchObject({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_NAMESPACE: 'risk' });
  });

  it.each([
    ['a port out of range', { PGPORT: '70000' }],
    ['a database URL of another kind', { DATABASE_URL: 'mysql://x@y/z' }],
    ['a Temporal address without a port', { TEMPORAL_ADDRESS: 'temporal' }],
  ])('refuses %s with one line per problem', (_name, env) => {
    expect(() => loadOpsConfig(env)).toThrow(ConfigError);
  });
});
