import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of each error repeated: enough for the assertion, its expected and received values. */
const ERROR_LINES = 16;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour code
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Repeats each failure's first lines after the list reporter's summary. CI keeps only the end of
 * a long log (a run of 80 journeys prints thousands of lines), and the list reporter prints the
 * errors above its summary: a failure on CI's record named the test and not why it failed.
 */
export default class FailureDigestReporter implements Reporter {
  /** Each test's last failed attempt; onEnd keeps those whose outcome is a failure. */
  private readonly failures = new Map<TestCase, string>();

  onTestEnd(test: TestCase, result: TestResult) {
    // An expected failure (test.fail()) is a pass; a retry that passes leaves the test flaky.
    if (result.status === test.expectedStatus) return;
    // [project, file, describe…, title], and which copy of a repeated test.
    const where = `${test.titlePath().slice(1).join(' › ')}${test.repeatEachIndex ? ` (repeat ${test.repeatEachIndex})` : ''}`;
    const errors = result.errors.map((error) =>
      (error.message ?? error.value ?? '')
        .replace(ANSI, '')
        .split('\n')
        .slice(0, ERROR_LINES)
        .map((line) => `    ${line}`)
        .join('\n'),
    );
    this.failures.set(
      test,
      `  [${where}] ${result.status} after ${(result.duration / 1000).toFixed(1)} s` +
        (errors.length > 0 ? `\n${errors.join('\n')}` : ''),
    );
  }

  onEnd(_result: FullResult) {
    const failed = [...this.failures]
      .filter(([test]) => test.outcome() === 'unexpected')
      .map(([, text]) => text);
    if (failed.length === 0) return;
    console.log(`\nWhy each failed (repeated from above):\n${failed.join('\n\n')}`);
  }

  printsToStdio() {
    return true;
  }
}
