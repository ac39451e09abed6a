import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, type ReplayResult, Runtime, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import type { History } from '@temporalio/common/lib/proto-utils';
import { recordedHistories } from '../../support/workflow-histories';

jest.setTimeout(120_000);
// Replay workers log every state change at INFO, and the core warns of each non-determinism
// error: here those errors are the point, so only worse is worth reading.
Runtime.install({ logger: new DefaultLogger('WARN'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });

/**
 * What the replay test catches, shown on purpose: the delivery workflow with its later attempts
 * turned into local activities (test/replay/fixtures/changed-delivery-workflow.ts). Shipped as
 * is, it breaks every recorded delivery that went past its first attempt; behind `patched(…)`
 * (docs/workflows.md, "Changing a workflow"), every recorded delivery replays.
 */
const deliveries = recordedHistories().filter((h) => h.workflowType === 'webhookDeliveryWorkflow');
/** The recorded deliveries whose history holds a regular activity: a later attempt. */
const pastFirstAttempt = deliveries.filter((h) => h.history.events?.some((e) => e.activityTaskScheduledEventAttributes)).map((h) => h.file);

/** A copy of a recorded history whose start event names another workflow type: the replay worker runs the function of that name. */
function asWorkflowType(history: History, workflowType: string): History {
  const [started, ...rest] = history.events ?? [];
  const attributes = started.workflowExecutionStartedEventAttributes;
  return {
    ...history,
    events: [{ ...started, workflowExecutionStartedEventAttributes: { ...attributes, workflowType: { name: workflowType } } }, ...rest],
  };
}

/** Every recorded delivery replayed on one variant of the change. */
async function replayDeliveries(code: string, variant: 'unpatchedChange' | 'patchedChange'): Promise<Map<string, ReplayResult>> {
  const results = new Map<string, ReplayResult>();
  const histories = deliveries.map((h) => ({ workflowId: h.file, history: asWorkflowType(h.history, variant) }));
  for await (const result of Worker.runReplayHistories({ workflowBundle: { code } }, histories)) results.set(result.workflowId, result);
  return results;
}

describe('a workflow change that running histories would not survive', () => {
  let unpatched: Map<string, ReplayResult>;
  let patchedChange: Map<string, ReplayResult>;
  beforeAll(async () => {
    const { code } = await bundleWorkflowCode({
      workflowsPath: path.join(__dirname, 'fixtures', 'changed-delivery-workflow.ts'),
      logger: new DefaultLogger('WARN'),
    });
    unpatched = await replayDeliveries(code, 'unpatchedChange');
    patchedChange = await replayDeliveries(code, 'patchedChange');
  });

  it('the recorded deliveries include runs past their first attempt (a retry, a spent schedule, a retryNow signal)', () => {
    expect(pastFirstAttempt).toEqual(
      expect.arrayContaining([
        'webhookDeliveryWorkflow/retried-succeeded.json',
        'webhookDeliveryWorkflow/failed-schedule-spent.json',
        'webhookDeliveryWorkflow/retry-now-signal.json',
      ]),
    );
  });

  it('shipped without a patch, fails the replay of exactly those runs with a DeterminismViolationError', () => {
    const failed = [...unpatched]
      .filter(([, r]) => r.error)
      .map(([file]) => file)
      .sort();
    expect(failed).toEqual([...pastFirstAttempt].sort());
    for (const file of failed) {
      const error = unpatched.get(file)?.error;
      expect(error).toBeInstanceOf(DeterminismViolationError);
      expect(error?.message).toMatch(/nondetermin/i);
    }
  });

  it('behind patched(…), replays every recorded delivery', () => {
    expect(patchedChange.size).toBe(deliveries.length);
    expect([...patchedChange].filter(([, r]) => r.error).map(([file, r]) => `${file}: ${r.error?.message}`)).toEqual([]);
  });
});
