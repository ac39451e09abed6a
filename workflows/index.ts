// Every workflow of the service, bundled once for the worker (worker/bundle-workflows.ts).
export {};
export * from './webhook-delivery-workflow';
export * from './adverse-media-screening-workflow';
export * from './graph-expansion-workflow';
export * from './analysis-workflow';
