import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { serviceBundleOptions } from '../../worker/bundle-workflows';

jest.setTimeout(120_000);

type TemporalEntry = { preloadModules?: () => void; importWorkflows: () => unknown; importInterceptors: () => unknown };

/**
 * The service's bundle loaded the way the SDK's reusable sandbox loads it
 * (@temporalio/worker/lib/workflow/reusable-vm.js): a module required before any run exists lands
 * in the shared cache, one required by a run in that run's own cache, evaluated again for every
 * run. docs/throughput-ceiling.md, "Modules evaluated once".
 */
function loadLikeTheSandbox(code: string) {
  const shared = new Map<string | symbol, unknown>();
  let perRun: Map<string | symbol, unknown> | undefined;
  const context = vm.createContext({
    console,
    setTimeout,
    clearTimeout,
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    AbortController,
    AbortSignal,
    Headers,
  });
  Object.defineProperty(context, '__webpack_module_cache__', {
    value: new Proxy(
      {},
      {
        get: (_target, key) => shared.get(key) ?? perRun?.get(key),
        set: (_target, key, value) => {
          (perRun ?? shared).set(key, value);
          return true;
        },
      },
    ),
  });
  new vm.Script(code).runInContext(context);
  const entry = vm.runInContext('__TEMPORAL__', context) as TemporalEntry;
  entry.preloadModules?.();
  /** What one run requires (its workflows and interceptors), as the SDK's initRuntime does. */
  const startRun = () => {
    perRun = new Map();
    entry.importWorkflows();
    entry.importInterceptors();
    return [...perRun.keys()].map(String);
  };
  return { shared: [...shared.keys()].map(String), startRun };
}

describe('the service workflow bundle in the reusable sandbox', () => {
  let sandbox: ReturnType<typeof loadLikeTheSandbox>;
  beforeAll(async () => {
    // Under npm test, the very bundle the stack's workers run (scripts/test.ts builds it once from this tree).
    const prebuilt = process.env.WORKFLOW_BUNDLE_PATH;
    const code = prebuilt
      ? readFileSync(prebuilt, 'utf8')
      : (await bundleWorkflowCode({ ...serviceBundleOptions, logger: new DefaultLogger('WARN') })).code;
    sandbox = loadLikeTheSandbox(code);
  });

  it('evaluates every module a run requires once, before the first run: a run evaluates none of its own', () => {
    expect(sandbox.shared).toEqual(expect.arrayContaining(['./workflows/index.ts', './workflows/tracing-interceptors.ts']));
    expect(sandbox.startRun()).toEqual([]);
    expect(sandbox.startRun()).toEqual([]);
  });

  it('leaves the OpenTelemetry workflow library out of the shared modules, so that a traced run loads its own', () => {
    expect(sandbox.shared.filter((key) => key.includes('opentelemetry'))).toEqual([]);
  });
});
