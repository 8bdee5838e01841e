import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Card } from './card';

describe('Card', () => {
  it('is a region named by its title', async () => {
    const { container } = render(
      <Card title="Application Status" headingLevel={3}>
        <p>Payment received</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Application Status' });
    expect(region).toHaveTextContent('Payment received');
    expect(screen.getByRole('heading', { level: 3, name: 'Application Status' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('is a plain box without a title', async () => {
    const { container } = render(<Card>Content</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
