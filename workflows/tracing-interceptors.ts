// Workflow interceptors bundled with every workflow (worker/bundle-workflows.ts): OpenTelemetry
// spans for the workflow run and the activities it schedules, so one trace goes from the HTTP
// request through Temporal to the activities (docs/operations.md).
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type { WorkflowInboundCallsInterceptor, WorkflowInterceptors, WorkflowOutboundCallsInterceptor } from '@temporalio/workflow';

/** The header the client interceptor writes when the starter was traced (instrumentation.ts of the library). */
const traceHeader = '_tracer-data';

/**
 * Tracing costs nothing when it is off: a workflow whose starter sent no trace context (tracing
 * off in the api or the worker that started it) runs without any span, so one bundle serves
 * both settings. A traced start is traced through, its activities and child starts included.
 */
export const interceptors = (): WorkflowInterceptors => {
  // Created on the first traced call only: an untraced workflow never builds a tracer.
  let otel: { inbound: OpenTelemetryInboundInterceptor; outbound: OpenTelemetryOutboundInterceptor } | undefined;
  const tracing = () => (otel ??= { inbound: new OpenTelemetryInboundInterceptor(), outbound: new OpenTelemetryOutboundInterceptor() });
  const inbound: WorkflowInboundCallsInterceptor = {
    execute: (input, next) => (traceHeader in input.headers ? tracing().inbound.execute(input, next) : next(input)),
    handleSignal: (input, next) => (traceHeader in input.headers ? tracing().inbound.handleSignal(input, next) : next(input)),
  };
  // Outbound calls are traced when the run is (its execute created the tracer).
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input, next) => (otel ? otel.outbound.scheduleActivity(input, next) : next(input)),
    scheduleLocalActivity: (input, next) => (otel ? otel.outbound.scheduleLocalActivity(input, next) : next(input)),
    startChildWorkflowExecution: (input, next) => (otel ? otel.outbound.startChildWorkflowExecution(input, next) : next(input)),
    signalWorkflow: (input, next) => (otel ? otel.outbound.signalWorkflow(input, next) : next(input)),
    getLogAttributes: (input, next) => (otel ? otel.outbound.getLogAttributes(input, next) : next(input)),
  };
  return { inbound: [inbound], outbound: [outbound], internals: [new OpenTelemetryInternalsInterceptor()] };
};
