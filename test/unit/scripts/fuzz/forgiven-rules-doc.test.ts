import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../../..');

/**
 * What the fuzzing stage forgives is exactly what docs/testing.md lists under "What the fuzzer
 * forgives": the business-rule 422 types and prefixes of scripts/fuzz/hooks.py, and the names its
 * other forgiveness counts under. A rule added to the hooks without its reason in the docs, or a
 * reason left in the docs after its rule went, fails here.
 */
function forgivenByHooks(): string[] {
  const program = `
import json, sys, types
sys.modules["schemathesis"] = types.SimpleNamespace(hook=lambda function: function)
sys.path.insert(0, ${JSON.stringify(path.join(projectRoot, 'scripts/fuzz'))})
import hooks
print(json.dumps(sorted(hooks.BUSINESS_RULES) + [prefix + "*" for prefix in hooks.BUSINESS_RULE_PREFIXES]))
`;
  const env = { ...process.env, FUZZ_WEBHOOK_URL: 'http://127.0.0.1:1/hook', FUZZ_WEBHOOK_URL_PATTERN: 'x', FUZZ_WEBHOOK_URL_MIN: '1', FUZZ_WEBHOOK_URL_MAX: '2', FUZZ_FORGIVEN_FILE: '' };
  const rules = JSON.parse(execFileSync('python3', ['-c', program], { env, encoding: 'utf8' }).trim()) as string[];
  // The other forgiveness: FORGIVEN[f"{label} <name>"] += 1, each under a name of its own.
  const source = readFileSync(path.join(projectRoot, 'scripts/fuzz/hooks.py'), 'utf8');
  const named = [...source.matchAll(/FORGIVEN\[f"\{[^}]+\} ([a-z_]+)"\]/g)].map((m) => m[1]);
  return [...rules, ...named].sort();
}

function listedInDocs(): string[] {
  const docs = readFileSync(path.join(projectRoot, 'docs/testing.md'), 'utf8');
  const section = docs.slice(docs.indexOf('- **What the fuzzer forgives**'), docs.indexOf('- **Exclusions**'));
  return [...section.matchAll(/^ {2}\| `([a-z0-9_*]+)` \|/gm)].map((m) => m[1]).sort();
}

describe("the fuzzer's forgiveness", () => {
  it('is listed in docs/testing.md exactly, each with its reason', () => {
    const hooks = forgivenByHooks();
    expect(hooks.length).toBeGreaterThan(20);
    expect(listedInDocs()).toEqual(hooks);
  });
});
