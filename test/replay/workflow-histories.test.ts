import { readFileSync } from 'node:fs';
import { bundleWorkflowCode, DefaultLogger, type ReplayResult, Runtime, Worker } from '@temporalio/worker';
import * as workflows from '../../workflows';
import { serviceBundleOptions } from '../../worker/bundle-workflows';
import { closeEventOf, historyToJson, recordedHistories, secretsIn, workflowTypeOf } from '../../support/workflow-histories';

jest.setTimeout(120_000);
// Replay workers log every state change at INFO: only what goes wrong is worth reading here.
Runtime.install({ logger: new DefaultLogger('WARN') });

/**
 * Every recorded history (test/fixtures/histories, `npm run record-histories`) replayed against
 * the workflow code as it is now, bundled as the worker bundles it (interceptors included): a
 * change that a running workflow's history would not survive (a reordered, added or removed
 * command) fails here with its DeterminismViolationError instead of in production, where a
 * delivery may sleep for 10 hours between attempts. docs/workflows.md, "Changing a workflow".
 */
const histories = recordedHistories();
const exportedWorkflowTypes = Object.entries(workflows)
  .filter(([, value]) => typeof value === 'function')
  .map(([name]) => name)
  .sort();

describe('recorded workflow histories', () => {
  const results = new Map<string, ReplayResult>();
  beforeAll(async () => {
    // Under npm test, the very bundle the stack's worker runs (scripts/test.ts builds it once from this tree).
    const prebuilt = process.env.WORKFLOW_BUNDLE_PATH;
    const code = prebuilt
      ? readFileSync(prebuilt, 'utf8')
      : (await bundleWorkflowCode({ ...serviceBundleOptions, logger: new DefaultLogger('WARN') })).code;
    const replays = Worker.runReplayHistories(
      { workflowBundle: { code } },
      histories.map((h) => ({ workflowId: h.file, history: h.history })),
    );
    for await (const result of replays) results.set(result.workflowId, result);
  });

  it.each(histories.map((h) => [h.file]))('%s replays on the current workflow code', (file) => {
    const result = results.get(file);
    expect(result).toBeDefined();
    // The message names the command that no longer matches the history.
    expect(result?.error ? `${result.error.name}: ${result.error.message}` : null).toBeNull();
  });

  it.each(exportedWorkflowTypes.map((type) => [type]))('%s (exported by workflows/index.ts) has at least one recorded history', (type) => {
    expect(histories.filter((h) => h.workflowType === type).map((h) => h.pathName)).not.toEqual([]);
  });

  it('holds one folder per exported workflow type, each history of its folder type and closed', () => {
    expect([...new Set(histories.map((h) => h.workflowType))].sort()).toEqual(exportedWorkflowTypes);
    for (const h of histories)
      expect([h.file, workflowTypeOf(h.history), closeEventOf(h.history) !== undefined]).toEqual([h.file, h.workflowType, true]);
  });

  it('holds each history as canonical proto3 JSON: read and written again, the same text', () => {
    expect(histories.filter((h) => historyToJson(h.history) !== JSON.stringify(h.json, null, 2)).map((h) => h.file)).toEqual([]);
  });

  it('holds no secret: no webhook secret (whsec_) nor API key (erk_), as text or inside a base64 payload', () => {
    expect(histories.map((h) => [h.file, secretsIn(h.json)]).filter(([, found]) => found.length > 0)).toEqual([]);
  });
});
