// Every workflow of the service, bundled once for the worker (worker/bundle-workflows.ts). Each
// is exported under the `workflowType` of its contract (contracts/*-workflow-contract.ts).
export {};
export * from './webhook-delivery-workflow';
export * from './webhook-recovery-workflow';
export * from './screening-workflow';
export * from './graph-expansion-workflow';
export * from './analysis-workflow';
export * from './report-workflow';
export * from './idempotency-purge-workflow';
export * from './case-workflow';
export * from './monitor-workflow';
export * from './monitoring-fanout-workflow';
export * from './monitor-review-reschedule-workflow';
export * from './analysis-batch-workflow';
