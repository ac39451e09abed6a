import {
  type Dependency,
  pidFileAlive,
  type RunningDependency,
  superviseDependencies,
  watchAlive,
} from '../../../../scripts/stack/supervisor';

/** A fake server whose death the test decides, and whose starts succeed or fail as scripted. */
function fakeDependency(startResults: boolean[]) {
  const deaths: ((why: string) => void)[] = [];
  let starts = 0;
  const running = (): RunningDependency => ({ died: new Promise<string>((resolve) => deaths.push(resolve)), stop: async () => undefined });
  const dependency: Dependency = {
    name: 'the fake server',
    logFile: '/tmp/fake.log',
    current: running(),
    start: async () => {
      const ok = startResults[starts++] ?? true;
      if (!ok) throw new Error('port in use\nsecond line');
      return running();
    },
  };
  return { dependency, kill: (why = 'killed by SIGKILL') => deaths[deaths.length - 1](why), starts: () => starts };
}

const until = async (predicate: () => boolean) => {
  for (let i = 0; i < 200 && !predicate(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(predicate()).toBe(true);
};

describe('the local stack supervisor', () => {
  it.each([
    ['comes back at the first try', [true], 1, false],
    ['comes back at the third try', [false, false, true], 3, false],
    ['never comes back: gives up after the attempts, with one line', [false, false, false], 3, true],
  ])('a dependency that %s', async (_what, results, expectedStarts, gaveUp) => {
    const fake = fakeDependency(results);
    const lines: string[] = [];
    const giveUps: string[] = [];
    const supervisor = superviseDependencies([fake.dependency], {
      log: (l) => lines.push(l),
      giveUp: (l) => giveUps.push(l),
      maxAttempts: 3,
      backoffMs: () => 1,
    });
    fake.kill();
    await until(() => fake.starts() === expectedStarts && (gaveUp ? giveUps.length === 1 : lines.some((l) => l.includes('is back'))));
    expect(lines[0]).toBe('the fake server died (killed by SIGKILL); restarting it…');
    if (gaveUp) {
      expect(giveUps).toEqual(['the fake server could not be restarted after 3 attempts (see /tmp/fake.log); stopping everything']);
      expect(lines.filter((l) => l.includes('failed: port in use'))).toHaveLength(3);
    } else {
      expect(giveUps).toEqual([]);
    }
    await supervisor.stop();
  });

  it('watches the restarted instance: a second death is restarted too', async () => {
    const fake = fakeDependency([]);
    const lines: string[] = [];
    const supervisor = superviseDependencies([fake.dependency], { log: (l) => lines.push(l), giveUp: () => undefined, backoffMs: () => 1 });
    fake.kill();
    await until(() => fake.starts() === 1 && lines.length === 2);
    fake.kill('exit code 1');
    await until(() => fake.starts() === 2 && lines.length === 4);
    expect(lines[2]).toBe('the fake server died (exit code 1); restarting it…');
    await supervisor.stop();
  });

  it('restarts nothing once stopped', async () => {
    const fake = fakeDependency([]);
    const supervisor = superviseDependencies([fake.dependency], { log: () => undefined, giveUp: () => undefined, backoffMs: () => 1 });
    await supervisor.stop();
    fake.kill();
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.starts()).toBe(0);
  });

  it('sees a detached server as dead after two misses in a row, not one', async () => {
    const answers = [true, false, true, false, false];
    const watcher = watchAlive(() => answers.shift() ?? false, 'its postmaster is gone', 1);
    await expect(watcher.died).resolves.toBe('its postmaster is gone');
    expect(answers).toEqual([]);
  });

  it.each([
    ['this very process', () => `${process.pid}\n/data\n`, true],
    ['a pid nobody has', () => '2147483646\n', false],
    [
      'a pid file that is gone',
      () => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      },
      false,
    ],
    ['a pid file with no pid', () => 'garbage\n', false],
  ])('a pid file naming %s: alive %s', (_what, read, alive) => {
    expect(pidFileAlive('/x/postmaster.pid', read)).toBe(alive);
  });
});
