import {
  addTallies,
  formatClosingLine,
  looksLikeClosingLine,
  parseSchemathesisTally,
  withoutClosingLines,
} from '../../../../scripts/stack/test-tally';

describe('the closing line of npm test', () => {
  it.each([
    [{ passed: 2540, failed: 0, skipped: 0 }, '2540 passed, 0 failed, 0 skipped'],
    [{ passed: 0, failed: 1, skipped: 0 }, '0 passed, 1 failed, 0 skipped'],
    [{ passed: 7, failed: 2, skipped: 80 }, '7 passed, 2 failed, 80 skipped'],
  ])('%j reads %s, the shape CI reads', (tally, line) => {
    expect(formatClosingLine(tally)).toBe(line);
    expect(looksLikeClosingLine(line)).toBe(true);
  });

  it('adds the counts of every runner', () => {
    expect(
      addTallies({ passed: 5, failed: 0, skipped: 0 }, { passed: 2528, failed: 1, skipped: 2 }, { passed: 4561, failed: 0, skipped: 80 }),
    ).toEqual({ passed: 7094, failed: 1, skipped: 82 });
    expect(addTallies()).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe("Schemathesis' test-case summary", () => {
  it.each([
    ['all checks passed', 'Test cases:\n  4641 generated, 4641 passed, 80 skipped\n', { passed: 4561, failed: 0, skipped: 80 }],
    [
      'failures and errors',
      'Test cases:\n  900 generated, 12 found 3 unique failures, 4 errored, 10 skipped\n',
      { passed: 874, failed: 16, skipped: 10 },
    ],
    ['colours', 'Test cases:\n  \x1b[1m20\x1b[0m generated, \x1b[1m20\x1b[0m passed\n', { passed: 20, failed: 0, skipped: 0 }],
    ['nothing generated', 'Test cases:\n  No test cases were generated\n', { passed: 0, failed: 0, skipped: 0 }],
    [
      'the last summary counts',
      'Test cases:\n  1 generated, 1 passed\n…\nTest cases:\n  3 generated, 3 passed\n',
      { passed: 3, failed: 0, skipped: 0 },
    ],
  ])('%s', (_name, log, tally) => {
    expect(parseSchemathesisTally(log)).toEqual(tally);
  });

  it('is null for a log without a summary (a run that crashed)', () => {
    expect(parseSchemathesisTally('Traceback (most recent call last):\n')).toBeNull();
  });
});

describe('lines that look like a runner closing', () => {
  it.each([
    ['============================ 2 warnings in 150.26s =============================', true],
    ['========== 3 passed, 1 failed in 2.01s ==========', true],
    ['jest: 2540 passed, 0 failed, 0 skipped', true],
    ['Tests:       2528 passed, 2528 total', true],
    ['# pass 12', true],
    ['✓ jest (unit, integration): 2528 tests, none failing, 0 skipped (687.5s)', false],
    ["✓ fuzzing (152.5s): 4641 cases: no check failed, 80 unchecked; Schemathesis' report: x.log", false],
    ['PASS integration test/integration/analyses.test.ts', false],
    ['================================== SUMMARY ===================================', false],
  ])('%s → %s', (line, expected) => {
    expect(looksLikeClosingLine(line)).toBe(expected);
  });

  it('keeps everything else of an echoed text', () => {
    expect(withoutClosingLines('a\n==== 2 warnings in 1.0s ====\nb')).toBe('a\nb');
  });
});
