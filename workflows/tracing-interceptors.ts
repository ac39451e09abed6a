// Workflow interceptors bundled with every workflow (worker/bundle-workflows.ts): OpenTelemetry
// spans for the workflow run and the activities it schedules, so one trace goes from the HTTP
// request through Temporal to the activities (docs/operations.md).
import type * as OpenTelemetryWorkflow from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type {
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptors,
  WorkflowInternalsInterceptor,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

/** The header the client interceptor writes when the starter was traced (instrumentation.ts of the library). */
const traceHeader = '_tracer-data';

/**
 * The OpenTelemetry workflow library, loaded on the first traced call of a run. The sandbox
 * evaluates a bundle's modules afresh for every run, and this library with the OpenTelemetry SDK
 * it imports cost about a third of a sync analysis's workflow thread when imported at the top
 * (docs/throughput-ceiling.md, "Where the regression was"): an untraced run never loads it.
 */
function loadOpenTelemetryWorkflow(): typeof OpenTelemetryWorkflow {
  // A synchronous require (webpack resolves it into the bundle and evaluates it on this call).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@temporalio/interceptors-opentelemetry/lib/workflow') as typeof OpenTelemetryWorkflow;
}

/**
 * Tracing costs nothing when it is off: a workflow whose starter sent no trace context (tracing
 * off in the api or the worker that started it) runs without any span, so one bundle serves
 * both settings. A traced start is traced through, its activities and child starts included.
 */
export const interceptors = (): WorkflowInterceptors => {
  // Created on the first traced call only: an untraced workflow never builds a tracer.
  let otel:
    | {
        inbound: OpenTelemetryWorkflow.OpenTelemetryInboundInterceptor;
        outbound: OpenTelemetryWorkflow.OpenTelemetryOutboundInterceptor;
        internals: OpenTelemetryWorkflow.OpenTelemetryInternalsInterceptor;
      }
    | undefined;
  const tracing = () => {
    if (!otel) {
      const library = loadOpenTelemetryWorkflow();
      otel = {
        inbound: new library.OpenTelemetryInboundInterceptor(),
        outbound: new library.OpenTelemetryOutboundInterceptor(),
        internals: new library.OpenTelemetryInternalsInterceptor(),
      };
    }
    return otel;
  };
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
  // The library's internals only release its context manager at dispose: a run that never loaded it has none.
  const internals: WorkflowInternalsInterceptor = {
    dispose: (input, next) => {
      // The library's dispose is async in signature only; the SDK ignores what it returns.
      if (otel) void otel.internals.dispose(input, next);
      else next(input);
    },
  };
  return { inbound: [inbound], outbound: [outbound], internals: [internals] };
};
