import axe from 'axe-core';

/**
 * Runs axe-core on a rendered tree and fails with a readable list of violations.
 * Leave `root` out to check everything on <body>, including portals (dialogs): each top-level
 * element is checked as a component, because a bare component is not a page and page-level
 * rules (e.g. "all content inside landmarks") would not apply to it.
 */
export async function expectNoAxeViolations(root?: Element): Promise<void> {
  const context: axe.ElementContext = root ?? { include: Array.from(document.body.children) };
  const results = await axe.run(context, {
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
