import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ErrorBox } from './error-box';

describe('ErrorBox', () => {
  it('alerts with the message', async () => {
    const { container } = render(<ErrorBox>Failed to load profiles. Please try again.</ErrorBox>);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load profiles. Please try again.',
    );
    await expectNoAxeViolations(container);
  });

  it('renders nothing without a message', () => {
    const { container } = render(<ErrorBox>{''}</ErrorBox>);
    expect(container).toBeEmptyDOMElement();
  });
});
