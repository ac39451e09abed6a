import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ruleCatalogRegistry } from '../../../../domain/rules';
import { renderRulesDoc } from '../../../../domain/rules/render-rules-doc';

describe('rules document', () => {
  it('has an up-to-date docs/rules.md (run `npm run docs:rules`)', () => {
    const doc = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'rules.md'), 'utf8');
    expect(doc).toBe(renderRulesDoc(ruleCatalogRegistry.current));
  });
});
