import { defaultPayloadConverter } from '@temporalio/common';
import { summarizeHistory } from '../../../infra/workflow-history';

const at = (seconds: number) => ({ seconds, nanos: 0 });
const t = (seconds: number) => new Date(seconds * 1000).toISOString();
const marker = (eventId: number, seconds: number, data: Record<string, unknown>, failed = false) => ({
  eventId,
  eventTime: at(seconds),
  markerRecordedEventAttributes: {
    markerName: 'core_local_activity',
    details: {
      data: { payloads: [defaultPayloadConverter.toPayload(data)] },
      result: { payloads: [defaultPayloadConverter.toPayload({ secret: 'result' })] },
    },
    ...(failed ? { failure: { message: 'x' } } : {}),
  },
});

describe('summarizeHistory: the step history of a run, without payloads', () => {
  it('a delivery: a local first attempt, a timer, a retried activity, then the run failed', () => {
    const history = summarizeHistory([
      {
        eventId: 1,
        eventTime: at(100),
        workflowExecutionStartedEventAttributes: { input: { payloads: [defaultPayloadConverter.toPayload({ secret: 'input' })] } },
      },
      marker(5, 101, { activity_type: 'attemptWebhookDelivery', attempt: 1, original_schedule_time: t(100) }),
      { eventId: 6, eventTime: at(101), timerStartedEventAttributes: { timerId: '1' } },
      { eventId: 7, eventTime: at(106), timerFiredEventAttributes: { timerId: '1' } },
      { eventId: 9, eventTime: at(106), activityTaskScheduledEventAttributes: { activityType: { name: 'attemptWebhookDelivery' } } },
      { eventId: 10, eventTime: at(109), activityTaskStartedEventAttributes: { scheduledEventId: 9, attempt: 3 } },
      { eventId: 11, eventTime: at(110), activityTaskCompletedEventAttributes: { scheduledEventId: 9 } },
      {
        eventId: 14,
        eventTime: at(110),
        workflowExecutionFailedEventAttributes: {
          failure: {
            message: 'webhook delivery failed at attempt 2 (last status code 500)',
            applicationFailureInfo: { type: 'WebhookDeliveryFailed' },
          },
        },
      },
    ]);
    expect(history.steps).toEqual([
      { name: 'attemptWebhookDelivery', kind: 'local_activity', status: 'completed', started_at: t(100), ended_at: t(101), attempt: 1 },
      { name: 'timer', kind: 'timer', status: 'completed', started_at: t(101), ended_at: t(106), attempt: null },
      { name: 'attemptWebhookDelivery', kind: 'activity', status: 'completed', started_at: t(106), ended_at: t(110), attempt: 3 },
    ]);
    expect(history.attempts).toBe(4);
    expect(history.failure).toEqual({
      type: 'WebhookDeliveryFailed',
      message: 'webhook delivery failed at attempt 2 (last status code 500)',
    });
    expect(JSON.stringify(history)).not.toContain('secret');
  });

  it('a canceled analysis: completed steps, a canceled timer, the request, a failed local step; a running activity stays running', () => {
    const history = summarizeHistory([
      marker(3, 200, { activity_type: 'enrichAnalysis', attempt: 1 }),
      { eventId: 4, eventTime: at(201), timerStartedEventAttributes: { timerId: '2' } },
      { eventId: 5, eventTime: at(205), workflowExecutionCancelRequestedEventAttributes: {} },
      { eventId: 6, eventTime: at(205), timerCanceledEventAttributes: { timerId: '2' } },
      marker(7, 206, { activity_type: 'cancelAnalysis', attempt: 2 }, true),
      { eventId: 8, eventTime: at(207), activityTaskScheduledEventAttributes: { activityType: { name: 'publishWebhookEvent' } } },
    ]);
    expect(history.steps.map((s) => [s.name, s.kind, s.status, s.started_at])).toEqual([
      ['enrichAnalysis', 'local_activity', 'completed', t(200)],
      ['timer', 'timer', 'canceled', t(201)],
      ['cancel requested', 'cancel_requested', 'completed', t(205)],
      ['cancelAnalysis', 'local_activity', 'failed', t(206)],
      ['publishWebhookEvent', 'activity', 'running', t(207)],
    ]);
    expect(history.attempts).toBe(4);
    expect(history.failure).toBeNull();
  });

  it('an unreadable marker still counts as a step; a timeout is a failure without a message', () => {
    const history = summarizeHistory([
      {
        eventId: 2,
        eventTime: at(1),
        markerRecordedEventAttributes: {
          markerName: 'core_local_activity',
          details: { data: { payloads: [{ metadata: { encoding: Buffer.from('binary/x') }, data: Buffer.from('?') }] } },
        },
      },
      { eventId: 3, eventTime: at(2), workflowExecutionTimedOutEventAttributes: {} },
    ]);
    expect(history.steps).toEqual([
      { name: 'local activity', kind: 'local_activity', status: 'completed', started_at: t(1), ended_at: t(1), attempt: null },
    ]);
    expect(history.failure).toEqual({ type: 'TimedOut', message: null });
  });
});
