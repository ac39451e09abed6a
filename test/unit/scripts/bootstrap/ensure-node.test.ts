import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const versions = ['v18.20.4', 'v20.20.2', 'v21.7.3', 'v22.12.0', 'v22.23.3', 'v24.1.0'];

/** The bootstrap is plain ESM (it runs before node_modules exist): asked in a node of its own. */
const bootstrap: { handsOver: Record<string, boolean>; NODE_VERSION: string } = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `
    const { needsPinnedNode } = await import('./scripts/bootstrap/ensure-node.mjs');
    const { NODE_VERSION } = await import('./scripts/bootstrap/tool-pins.mjs');
    console.log(JSON.stringify({ NODE_VERSION, handsOver: Object.fromEntries(${JSON.stringify(versions)}.map((v) => [v, needsPinnedNode(v)])) }));
  `,
    ],
    { cwd: root, encoding: 'utf8' },
  ),
);

/** The image, `engines`, the bootstrap's pin and the Node the suite runs on all say Node 22 (docs/contributing.md, "Node"). */
describe('the Node the image ships, everywhere', () => {
  it.each([
    ['v18.20.4', true],
    ['v20.20.2', true],
    ['v21.7.3', true],
    ['v22.12.0', false],
    ['v22.23.3', false],
    ['v24.1.0', false],
  ])('a machine on %s hands over to the pinned Node 22: %s', (version, handsOver) => {
    expect(bootstrap.handsOver[version]).toBe(handsOver);
  });

  it('the Dockerfile, engines and the pin agree on 22, and this suite runs on 22 or newer', () => {
    expect(bootstrap.NODE_VERSION).toMatch(/^22\.\d+\.\d+$/);
    const images = [...readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM node:(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^22[-.]/);
    const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;
    expect(engines).toMatch(/^>=22\./);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});
