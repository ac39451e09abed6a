import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no browser download): headless, no sandbox
 * (root in CI), a fresh profile per launch (Playwright's own temporary user-data-dir), and
 * every network feature that would reach outside the machine turned off. WebGL falls back to
 * SwiftShader, which sigma.js needs.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error('Chromium is not installed: `npm test` installs it with apt (apt-get install -y chromium)');
  return found;
}

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

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

export type PageProblems = { errors: string[] };

/** Collects console errors and uncaught page errors: a browser test fails on any. */
export function watchPageProblems(page: Page): PageProblems {
  const problems: PageProblems = { errors: [] };
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`));
  return problems;
}

export const screenshotDir = path.join(__dirname, '..', '..', '.data', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Used by scripts/test.ts: Chromium installed with apt when missing (the machine's root, as everywhere in this project). */
export function ensureChromiumInstalled(log: (line: string) => void): void {
  if ([process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].some((p) => p && existsSync(p))) return;
  log('installing Chromium for the browser tests (apt-get install -y chromium)…');
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    if (install().status !== 0) throw new Error('could not install chromium with apt-get');
  }
}
