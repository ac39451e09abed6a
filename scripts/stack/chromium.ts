import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium for the browser tests and the console bench (playwright-core drives it;
 * a browser download cannot work here). `npm test` installs it with apt when it is missing.
 */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p): p is string => Boolean(p && existsSync(p)));
}

export function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error('Chromium is not installed: `npm test` installs it (apt-get install -y chromium), or set CHROMIUM_PATH');
  return found;
}

/** Headless, no sandbox (root in CI), nothing that reaches outside the machine; WebGL on SwiftShader for sigma.js. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function ensureChromiumInstalled(log: (line: string) => void = console.log): void {
  if (findChromium()) return;
  log('Installing Chromium for the browser tests (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env })
      .status === 0;
  if (install()) return;
  spawnSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (!install() || !findChromium()) throw new Error('could not install chromium with apt-get (the browser tests need it)');
}
