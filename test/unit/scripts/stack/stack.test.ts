import { localMachineSettings, serviceProcessCommand } from '../../../../scripts/stack/stack';

describe('localMachineSettings (npm start and the benches on a 2-core machine)', () => {
  it.each([
    ['caps the monitor checks at 3.5 per second by default', {}, '3.5'],
    ['keeps an explicit cap', { MONITOR_CHECKS_PER_SECOND: '10' }, '10'],
    ['keeps an explicit cap however small', { MONITOR_CHECKS_PER_SECOND: '0.5' }, '0.5'],
  ])('%s', (_, env, expected) => {
    expect(localMachineSettings(env)).toEqual({ MONITOR_CHECKS_PER_SECOND: expected });
  });
});

describe('serviceProcessCommand (how the api and worker are started; docs/batches.md, "Memory")', () => {
  const script = (args: string[]) => args[args.length - 1].split('/').slice(-2).join('/');
  it.each([
    ['the api: the tsx CommonJS hook only, no ESM loader thread', 'api' as const, {}, ['--require', 'tsx/cjs'], 'api/server.ts'],
    ['the worker: the same', 'worker' as const, {}, ['--require', 'tsx/cjs'], 'worker/main.ts'],
    [
      'profiling or heap arguments go before the script',
      'api' as const,
      { SERVICE_NODE_ARGS: ' --cpu-prof  --max-old-space-size=512 ' },
      ['--cpu-prof', '--max-old-space-size=512', '--require', 'tsx/cjs'],
      'api/server.ts',
    ],
    [
      "the api's own arguments after the shared ones, not the worker's",
      'api' as const,
      { SERVICE_NODE_ARGS: '--cpu-prof', API_NODE_ARGS: '--optimize-for-size', WORKER_NODE_ARGS: '--max-old-space-size=512' },
      ['--cpu-prof', '--optimize-for-size', '--require', 'tsx/cjs'],
      'api/server.ts',
    ],
    [
      "the worker's own arguments, not the api's",
      'worker' as const,
      { API_NODE_ARGS: '--optimize-for-size', WORKER_NODE_ARGS: ' --max-old-space-size=512 ' },
      ['--max-old-space-size=512', '--require', 'tsx/cjs'],
      'worker/main.ts',
    ],
  ])('%s', (_, name, inherited, flags, expectedScript) => {
    const { args } = serviceProcessCommand(name, {}, inherited);
    expect(args.slice(0, -1)).toEqual(flags);
    expect(script(args)).toBe(expectedScript);
  });

  it.each([
    ['limits the malloc arenas by default', {}, {}, '2'],
    ['keeps an arena count from the shell', { MALLOC_ARENA_MAX: '8' }, {}, '8'],
    ["keeps the caller's over the shell's", { MALLOC_ARENA_MAX: '8' }, { MALLOC_ARENA_MAX: '1' }, '1'],
  ])('%s', (_, inherited, env, expected) => {
    expect(serviceProcessCommand('worker', env, inherited).env.MALLOC_ARENA_MAX).toBe(expected);
  });

  it("never passes the schema owner's URL on, even from the shell", () => {
    const { env } = serviceProcessCommand(
      'api',
      { DATABASE_URL: 'postgres://risk_app@x/db' },
      { DATABASE_OWNER_URL: 'postgres://owner:secret@x/db' },
    );
    expect(env).not.toHaveProperty('DATABASE_OWNER_URL');
    expect(env.DATABASE_URL).toBe('postgres://risk_app@x/db');
  });
});
