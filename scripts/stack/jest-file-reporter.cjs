// jest's default reporter (each file's result, each failure in full) without its closing summary
// ("Tests: N passed, N total"): `npm test` prints one closing line of its own, counting every
// runner, and nothing before it may look like another runner's (docs/testing.md, "The closing line").
const { DefaultReporter } = require('@jest/reporters');

module.exports = class JestFileReporter extends DefaultReporter {};
