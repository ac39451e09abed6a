import { createRequire } from 'node:module';
import path from 'node:path';

// jest-circus takes `testTimeout` from the global configuration only (docs/testing.md, "Hang
// guards"): a value inside a project would look like a guard and be none.
const loadCommonJs = createRequire(__filename);
const jestConfig = loadCommonJs(path.join(__dirname, '../../jest.config.js')) as {
  testTimeout?: number;
  projects: Array<Record<string, unknown>>;
};

describe('jest.config.js', () => {
  it('sets one hang guard at the top, longer than the 60 s a loaded machine exceeded', () => {
    expect(jestConfig.testTimeout).toBe(180000);
  });

  it.each(jestConfig.projects.map((project) => [String(project.displayName), project]))(
    'project %s sets no timeout of its own (jest would ignore it)',
    (_name, project) => {
      expect(Object.keys(project)).not.toContain('testTimeout');
    },
  );
});
