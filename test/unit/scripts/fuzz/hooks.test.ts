import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../../..');

/**
 * Runs scripts/fuzz/hooks.py's `filter_failure` in python3 and answers whether the failure still
 * fails the run. The hook's decision is plain Python; only its registration needs Schemathesis, so
 * `schemathesis.hook` is the identity here and the unit suite runs where the fuzzing stage's
 * Schemathesis is not installed (a fresh clone running `--selectProjects unit`).
 */
function failureFails(failure: {
  code: string;
  status: number;
  label: string;
  pathParameters: Record<string, string | null>;
  body: unknown;
}): boolean {
  const program = `
import json, sys, types
sys.modules["schemathesis"] = types.SimpleNamespace(hook=lambda function: function, serializer=lambda *media_types: lambda function: function)
sys.path.insert(0, ${JSON.stringify(path.join(projectRoot, 'scripts/fuzz'))})
import hooks
given = json.loads(sys.argv[1])
path = given["label"].split(" ", 1)[1]
context = types.SimpleNamespace(operation=types.SimpleNamespace(label=given["label"], path=path))
failure = types.SimpleNamespace(code=given["code"])
case = types.SimpleNamespace(path_parameters=given["pathParameters"])
response = types.SimpleNamespace(status_code=given["status"], json=lambda: given["body"])
print(json.dumps(hooks.filter_failure(context, failure, case, response)))
`;
  const out = execFileSync('python3', ['-c', program, JSON.stringify(failure)], {
    env: {
      ...process.env,
      FUZZ_WEBHOOK_URL: 'http://127.0.0.1:1/hook',
      FUZZ_WEBHOOK_URL_PATTERN: 'https://.*',
      FUZZ_WEBHOOK_URL_MIN: '1',
      FUZZ_WEBHOOK_URL_MAX: '2048',
      FUZZ_FORGIVEN_FILE: '',
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim()) as boolean;
}

const invalidUuid = { detail: [{ loc: ['path', 'uuid'], msg: 'Invalid UUID', type: 'invalid_format' }] };

describe('the fuzzing stage forgives only what is not the API’s fault (scripts/fuzz/hooks.py)', () => {
  it.each([
    [
      'a null that a link over a list put into the path (/reports/None/document)',
      false,
      { code: 'ST202', status: 422, label: 'GET /reports/{uuid}/document', pathParameters: { uuid: null }, body: invalidUuid },
    ],
    [
      'a generated path the API refuses with a shape error',
      true,
      {
        code: 'ST202',
        status: 422,
        label: 'GET /reports/{uuid}/document',
        pathParameters: { uuid: '0b7f2d0e-5a51-4c5f-9a7e-6f3f3c1f8a10' },
        body: invalidUuid,
      },
    ],
    [
      'a business rule the reference names',
      false,
      { code: 'ST202', status: 422, label: 'GET /cases', pathParameters: {}, body: { detail: [{ type: 'cursor_invalid' }] } },
    ],
    [
      'a business rule mixed with a shape error',
      true,
      {
        code: 'ST202',
        status: 422,
        label: 'GET /cases',
        pathParameters: {},
        body: { detail: [{ type: 'cursor_invalid' }, { type: 'invalid_format' }] },
      },
    ],
    [
      'a server error, even with a null in the path',
      true,
      { code: 'ST100', status: 500, label: 'GET /reports/{uuid}/document', pathParameters: { uuid: null }, body: {} },
    ],
    [
      'a stopped monitor read after its delete',
      false,
      { code: 'ST301', status: 200, label: 'GET /monitors/{uuid}', pathParameters: { uuid: 'x' }, body: {} },
    ],
  ])('%s → fails the run: %s', (_what, fails, failure) => {
    expect(failureFails(failure)).toBe(fails);
  });
});

/**
 * What the fuzzing stage forgives is exactly what docs/testing.md lists under "What the fuzzer
 * forgives": the business-rule 422 types and prefixes of scripts/fuzz/hooks.py, and the names its
 * other forgiveness counts under. A rule added to the hooks without its reason in the docs, or a
 * reason left in the docs after its rule went, fails here.
 */
function forgivenByHooks(): string[] {
  const program = `
import json, sys, types
sys.modules["schemathesis"] = types.SimpleNamespace(hook=lambda function: function, serializer=lambda *media_types: lambda function: function)
sys.path.insert(0, ${JSON.stringify(path.join(projectRoot, 'scripts/fuzz'))})
import hooks
print(json.dumps(sorted(hooks.BUSINESS_RULES) + [prefix + "*" for prefix in hooks.BUSINESS_RULE_PREFIXES]))
`;
  const env = {
    ...process.env,
    FUZZ_WEBHOOK_URL: 'http://127.0.0.1:1/hook',
    FUZZ_WEBHOOK_URL_PATTERN: 'x',
    FUZZ_WEBHOOK_URL_MIN: '1',
    FUZZ_WEBHOOK_URL_MAX: '2',
    FUZZ_FORGIVEN_FILE: '',
  };
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

describe('the NDJSON body serializer', () => {
  it.each([
    ['a string', '"{\\"document\\": \\"1\\"}\\n"', '7b22646f63756d656e74223a202231227d0a'],
    ['bytes as they are', 'b"x"', '78'],
    ['a lone surrogate as its bytes (refused by the API as not UTF-8)', '"\\ud800"', 'eda080'],
  ])('sends %s', (_what, literal, hex) => {
    const program = `
import sys, types
sys.modules["schemathesis"] = types.SimpleNamespace(hook=lambda function: function, serializer=lambda *media_types: lambda function: function)
sys.path.insert(0, ${JSON.stringify(path.join(projectRoot, 'scripts/fuzz'))})
import hooks
print(hooks.ndjson_body(None, ${literal}).hex())
`;
    const env = {
      ...process.env,
      FUZZ_WEBHOOK_URL: 'http://127.0.0.1:1/hook',
      FUZZ_WEBHOOK_URL_PATTERN: 'x',
      FUZZ_WEBHOOK_URL_MIN: '1',
      FUZZ_WEBHOOK_URL_MAX: '2',
      FUZZ_FORGIVEN_FILE: '',
    };
    expect(execFileSync('python3', ['-c', program], { env, encoding: 'utf8' }).trim()).toBe(hex);
  });
});
