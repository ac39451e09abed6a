// Every workflow of the service, bundled once for the worker (worker/bundle-workflows.ts).
export {};
