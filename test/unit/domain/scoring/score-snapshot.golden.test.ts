import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { score } from './support/score';
import { scenarios } from './support/scenarios';

/**
 * Golden files pin complete verdicts byte for byte: any change in rules, scoring or rendering
 * shows up here as a diff to review. Regenerate on purpose with UPDATE_GOLDEN=1.
 */
const dir = path.join(__dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

describe.each(Object.keys(scenarios))('golden verdict: %s', (name) => {
  const snapshotFile = path.join(dir, `${name}.snapshot.json`);
  const verdictFile = path.join(dir, `${name}.verdict.json`);

  it('scores the stored snapshot into exactly the stored verdict', () => {
    if (update) {
      writeFileSync(snapshotFile, `${JSON.stringify(scenarios[name](), null, 2)}\n`);
      writeFileSync(verdictFile, `${JSON.stringify(score(JSON.parse(readFileSync(snapshotFile, 'utf8'))), null, 2)}\n`);
    }
    expect(existsSync(snapshotFile) && existsSync(verdictFile)).toBe(true);
    const verdict = score(JSON.parse(readFileSync(snapshotFile, 'utf8')));
    expect(`${JSON.stringify(verdict, null, 2)}\n`).toBe(readFileSync(verdictFile, 'utf8'));
  });
});
