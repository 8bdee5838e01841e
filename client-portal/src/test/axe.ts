import axe from 'axe-core';

/**
 * Runs axe-core on what is rendered (portals such as dialogs included) and fails with a readable
 * list of violations. The same check as ui-kit's, which that package does not export: its test
 * helpers are not part of its API.
 */
export async function expectNoAxeViolations(root?: Element): Promise<void> {
  const context: axe.ElementContext = root ?? { include: Array.from(document.body.children) };
  const results = await axe.run(context, {
    rules: {
      // jsdom neither lays out nor paints, so axe cannot compute colours; contrast is checked on
      // the screenshots and in Storybook's a11y addon instead.
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
