/**
 * What `npm test` counted, and the one plain line CI reads (docs/testing.md, "The closing line").
 * CI reads the last line of the output and judges a run by it; any earlier line shaped like a
 * test runner's closing line (pytest's `==== 2 warnings in 150s ====`, a bare `N passed, N failed`)
 * could be read instead, so the runners' own summaries stay in their log files.
 */
export type TestTally = { passed: number; failed: number; skipped: number };

export const emptyTally = (): TestTally => ({ passed: 0, failed: 0, skipped: 0 });

export function addTallies(...tallies: TestTally[]): TestTally {
  return tallies.reduce(
    (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }),
    emptyTally(),
  );
}

export function formatClosingLine(tally: TestTally): string {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
}

/**
 * The counts of Schemathesis' "Test cases:" summary: `N generated, N passed[, N errored][, N skipped]`
 * or `N generated, M found K unique failures[, …]`. A case is skipped when no check applied to it;
 * a failing or errored case is failed; the rest passed. Null when the log has no summary.
 */
export function parseSchemathesisTally(log: string): TestTally | null {
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '');
  const start = plain.lastIndexOf('Test cases:');
  if (start < 0) return null;
  const line = plain
    .slice(start + 'Test cases:'.length)
    .trimStart()
    .split('\n')[0];
  const count = (pattern: RegExp) => Number(pattern.exec(line)?.[1] ?? 0);
  const generated = count(/(\d+) generated/);
  if (/No test cases were generated/.test(line) || generated === 0) return emptyTally();
  const failed = count(/(\d+) found \d+ unique failure/) + count(/(\d+) errored/);
  const skipped = count(/(\d+) skipped/);
  return { passed: Math.max(0, generated - failed - skipped), failed, skipped };
}

/**
 * Lines that a CI reading closing lines could take for a runner's summary: the plain
 * `N passed, N failed` shape, and pytest-style `=== … in 1.2s ===` banners. Used to keep such
 * lines out of what `npm test` echoes, and by the test that proves only the last line has the shape.
 */
export function looksLikeClosingLine(line: string): boolean {
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (/^(\w+:\s*)?\d+ passed, \d+ failed(, \d+ skipped)?$/.test(plain)) return true;
  if (/^=+ .*\b(passed|failed|error|errors|warnings?|skipped|no tests ran)\b.* in [\d.]+s.* =+$/.test(plain)) return true;
  if (/^(Tests|Test Suites):\s+\d+/.test(plain)) return true;
  return /^# (pass|fail) +\d+$/.test(plain); // node's test runner (TAP)
}

/** Drops closing-line look-alikes from text we echo (the full text stays in its log file). */
export function withoutClosingLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !looksLikeClosingLine(line))
    .join('\n');
}
