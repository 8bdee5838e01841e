import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows a title, description and action', async () => {
    const { container } = render(
      <EmptyState
        titleAs="h2"
        title="No Application Found"
        description="You have not started an application yet."
        action={<Button>Start New Application</Button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No Application Found' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
