import { defaultPayloadConverter } from '@temporalio/common';

/**
 * The step history of a run for GET /workflows/{workflow_id}: names and times of its activities
 * (regular and local), timers and cancellation, never a payload (inputs and results stay in
 * Temporal). `attempts` counts activity attempts, retries included (a delivery: its attempts).
 */
export type WorkflowStep = {
  name: string;
  kind: 'activity' | 'local_activity' | 'timer' | 'cancel_requested';
  status: 'running' | 'completed' | 'failed' | 'timed_out' | 'canceled';
  started_at: string | null;
  ended_at: string | null;
  attempt: number | null;
};

/** The final failure of a run, as Temporal recorded it (the caller decides what of it is public). */
export type RunFailure = { type: string | null; message: string | null };

export type RunHistory = { steps: WorkflowStep[]; attempts: number; failure: RunFailure | null };

/** A protobuf Timestamp: seconds as a Long (from the server) or a number. */
type Timestamp = { seconds?: { toNumber(): number } | number | string | null; nanos?: number | null };
type Event = Record<string, any> & { eventId?: unknown; eventTime?: Timestamp | null };

export function timestampToIso(ts: Timestamp | null | undefined): string | null {
  if (!ts) return null;
  const seconds = typeof ts.seconds === 'object' && ts.seconds !== null ? ts.seconds.toNumber() : Number(ts.seconds ?? 0);
  return new Date(seconds * 1000 + Math.floor((ts.nanos ?? 0) / 1e6)).toISOString();
}
const iso = timestampToIso;
const id = (value: unknown): string => String(value ?? '');

/** A local activity's marker data: type, attempt and times, never its input or result. */
function localActivityOf(event: Event): Pick<WorkflowStep, 'name' | 'attempt' | 'started_at'> {
  const payload = event.markerRecordedEventAttributes?.details?.data?.payloads?.[0];
  let data: Record<string, any> = {};
  try {
    data = payload ? (defaultPayloadConverter.fromPayload(payload) as Record<string, any>) : {};
  } catch {
    // an unreadable marker still shows as a step
  }
  return {
    name: String(data.activity_type ?? 'local activity'),
    attempt: typeof data.attempt === 'number' ? data.attempt : null,
    started_at: typeof data.original_schedule_time === 'string' ? data.original_schedule_time : null,
  };
}

export function summarizeHistory(events: readonly Event[]): RunHistory {
  const steps: WorkflowStep[] = [];
  const bySchedule = new Map<string, WorkflowStep>();
  let failure: RunFailure | null = null;
  for (const event of events) {
    const at = iso(event.eventTime);
    const ended = (scheduledEventId: unknown, status: WorkflowStep['status']) => {
      const step = bySchedule.get(id(scheduledEventId));
      if (step) Object.assign(step, { status, ended_at: at });
    };
    if (event.activityTaskScheduledEventAttributes) {
      const step: WorkflowStep = {
        name: event.activityTaskScheduledEventAttributes.activityType?.name ?? 'activity',
        kind: 'activity',
        status: 'running',
        started_at: at,
        ended_at: null,
        attempt: null,
      };
      bySchedule.set(id(event.eventId), step);
      steps.push(step);
    } else if (event.activityTaskStartedEventAttributes) {
      const step = bySchedule.get(id(event.activityTaskStartedEventAttributes.scheduledEventId));
      if (step) step.attempt = event.activityTaskStartedEventAttributes.attempt ?? 1;
    } else if (event.activityTaskCompletedEventAttributes) ended(event.activityTaskCompletedEventAttributes.scheduledEventId, 'completed');
    else if (event.activityTaskFailedEventAttributes) ended(event.activityTaskFailedEventAttributes.scheduledEventId, 'failed');
    else if (event.activityTaskTimedOutEventAttributes) ended(event.activityTaskTimedOutEventAttributes.scheduledEventId, 'timed_out');
    else if (event.activityTaskCanceledEventAttributes) ended(event.activityTaskCanceledEventAttributes.scheduledEventId, 'canceled');
    else if (event.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
      const local = localActivityOf(event);
      steps.push({
        ...local,
        kind: 'local_activity',
        status: event.markerRecordedEventAttributes.failure ? 'failed' : 'completed',
        started_at: local.started_at ?? at,
        ended_at: at,
      });
    } else if (event.timerStartedEventAttributes) {
      const step: WorkflowStep = { name: 'timer', kind: 'timer', status: 'running', started_at: at, ended_at: null, attempt: null };
      bySchedule.set(`timer:${event.timerStartedEventAttributes.timerId}`, step);
      steps.push(step);
    } else if (event.timerFiredEventAttributes) ended(`timer:${event.timerFiredEventAttributes.timerId}`, 'completed');
    else if (event.timerCanceledEventAttributes) ended(`timer:${event.timerCanceledEventAttributes.timerId}`, 'canceled');
    else if (event.workflowExecutionCancelRequestedEventAttributes)
      steps.push({ name: 'cancel requested', kind: 'cancel_requested', status: 'completed', started_at: at, ended_at: at, attempt: null });
    else if (event.workflowExecutionFailedEventAttributes) {
      const f = event.workflowExecutionFailedEventAttributes.failure;
      failure = { type: f?.applicationFailureInfo?.type ?? null, message: f?.message ?? null };
    } else if (event.workflowExecutionTimedOutEventAttributes) failure = { type: 'TimedOut', message: null };
  }
  return {
    steps,
    attempts: steps.reduce((sum, s) => sum + (s.kind === 'activity' || s.kind === 'local_activity' ? (s.attempt ?? 1) : 0), 0),
    failure,
  };
}
