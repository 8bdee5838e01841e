import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderApp, signedIn } from '../../../test/render-app';

describe('/privacy', () => {
  it('is readable before sign-in, with the version and the grievance officer from config', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/privacy');
    expect(screen.getByText('Loan Portal · Version 2026-11')).toBeVisible();
    expect(screen.getByText(/Only for your loan application and its verification/)).toBeVisible();
    const officer = screen.getByRole('region', { name: 'Grievance Officer' });
    expect(officer).toHaveTextContent('Meera Iyer');
    expect(
      within(officer).getByRole('link', { name: 'grievance@loans.example.in' }),
    ).toHaveAttribute('href', 'mailto:grievance@loans.example.in');
    expect(within(officer).getByRole('link', { name: '+91 80000 54321' })).toHaveAttribute(
      'href',
      'tel:+918000054321',
    );
    expect(screen.getByRole('link', { name: '← Back to Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expectNoAxeViolations();
  });

  it('is linked from the footer of every page, signed in or not', async () => {
    renderApp('/login');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Notice' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(footer).getByRole('link', { name: 'Grievance Officer' })).toHaveAttribute(
      'href',
      '/privacy#grievance-officer',
    );
    await userEvent.click(within(footer).getByRole('link', { name: 'Privacy Notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  });

  it('leads a signed-in client back to the dashboard, and the support modal names the officer', async () => {
    signedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contact Support' }));
    const support = await screen.findByRole('dialog', { name: 'Contact Support' });
    expect(support).toHaveTextContent('Grievance Officer: Meera Iyer');
    expect(within(support).getByRole('link', { name: 'grievance@loans.example.in' })).toBeVisible();
    await user.click(within(support).getByRole('link', { name: 'Privacy Notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
    expect(screen.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
