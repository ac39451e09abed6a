import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';

/**
 * Where the time of a sync analysis goes at concurrency 1, from the client's clock and the
 * workflow history's event times (same machine, same clock): before the workflow exists (HTTP,
 * auth, quota, subject lookup, the start call), from start to the first workflow task, the
 * workflow task itself (the local activity), and from its completion to the HTTP response.
 */
export async function syncBreakdown(apiUrl: string, apiKey: string, subjects: number[], address: string, total: number) {
  const wall = () => performance.timeOrigin + performance.now();
  const samples: { sent: number; answered: number; uuid: string }[] = [];
  for (let i = 0; i < total; i++) {
    const sent = wall();
    const response = await fetch(`${apiUrl}/analyses`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entity_id: subjects[(i * 104_729) % subjects.length] }),
    });
    const body = (await response.json()) as { uuid?: string };
    if (response.status === 201 && body.uuid) samples.push({ sent, answered: wall(), uuid: body.uuid });
  }
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection });
    const phases: Record<'before_workflow_start' | 'start_to_first_task' | 'workflow_task' | 'task_completed_to_response', number[]> = {
      before_workflow_start: [],
      start_to_first_task: [],
      workflow_task: [],
      task_completed_to_response: [],
    };
    for (const s of samples) {
      const { events } = await client.workflow.getHandle(`analysis-${s.uuid}`).fetchHistory();
      const at = (pick: (e: any) => unknown) => {
        const e = events!.find(pick)!;
        return Number(e.eventTime!.seconds) * 1000 + e.eventTime!.nanos! / 1e6;
      };
      const started = at((e) => e.workflowExecutionStartedEventAttributes);
      const taskStarted = at((e) => e.workflowTaskStartedEventAttributes);
      const taskCompleted = at((e) => e.workflowTaskCompletedEventAttributes);
      phases.before_workflow_start.push(started - s.sent);
      phases.start_to_first_task.push(taskStarted - started);
      phases.workflow_task.push(taskCompleted - taskStarted);
      phases.task_completed_to_response.push(s.answered - taskCompleted);
    }
    const median = (xs: number[]) => Number(([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0).toFixed(2));
    return { count: samples.length, p50_ms: Object.fromEntries(Object.entries(phases).map(([k, xs]) => [k, median(xs)])) };
  } finally {
    await connection.close();
  }
}
