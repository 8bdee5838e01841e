import axe from 'axe-core';

/**
 * Runs axe-core on a rendered tree and fails with a readable list of violations.
 * Pass `document.body` when the component renders into a portal (dialogs).
 */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const results = await axe.run(root, {
    rules: {
      // jsdom does not lay out or paint, so axe cannot compute real foreground/background colours
      // and reports contrast as "incomplete" or wrong. Contrast is checked in the browser instead:
      // the Storybook a11y addon and the screenshot review run against real CSS.
      'color-contrast': { enabled: false },
    },
  });
  if (results.violations.length > 0) {
    const report = results.violations
      .map(
        (violation) =>
          `${violation.id}: ${violation.help}\n${violation.nodes
            .map((node) => `  - ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(`Expected no axe violations, found ${results.violations.length}:\n${report}`);
  }
}
