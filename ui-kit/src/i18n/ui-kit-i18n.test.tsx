import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorBox } from '../components/error-box/error-box';
import { Pagination } from '../components/pagination/pagination';
import { PasswordField } from '../components/password-field/password-field';
import { StatusBadge } from '../components/status-badge/status-badge';
import { loadUiKitCatalog } from './ui-kit-i18n';

const pages = { currentPage: 2, totalPages: 3, totalItems: 25, pageSize: 10 };

describe("ui-kit's own words (issue 16)", () => {
  it('follow the app in Hindi, and show message ids of its catalog in Hindi', async () => {
    const i18n = setupI18n();
    i18n.loadAndActivate({
      locale: 'hi',
      messages: {
        ...(await loadUiKitCatalog('hi')),
        'validation.passwordRequired': 'पासवर्ड आवश्यक है',
        'status.under_review': 'समीक्षाधीन',
      },
    });
    render(
      <I18nProvider i18n={i18n}>
        <PasswordField name="password" label="पासवर्ड" error="validation.passwordRequired" />
        <Pagination {...pages} onPageChange={() => undefined} />
        <StatusBadge status="under_review" vocabulary="dashboard" />
        <ErrorBox>Server said no</ErrorBox>
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeVisible();
    expect(screen.getByText('पासवर्ड आवश्यक है')).toBeVisible();
    expect(screen.getByText('25 में से 11 से 20 तक परिणाम')).toBeVisible();
    expect(screen.getByRole('button', { name: 'अगला' })).toBeVisible();
    expect(screen.getByText('समीक्षाधीन')).toBeVisible();
    // A text that is not an id (a server's message) is shown as it came.
    expect(screen.getByRole('alert')).toHaveTextContent('Server said no');
  });

  it('are English without an I18nProvider (the back office), shared validation ids included', () => {
    render(
      <>
        <PasswordField name="password" label="Password" error="validation.usernameRequired" />
        <Pagination {...pages} onPageChange={() => undefined} />
        <StatusBadge status="PAID" vocabulary="registration" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toBeVisible();
    expect(screen.getByText('Username is required')).toBeVisible();
    expect(screen.getByText('Showing 11 to 20 of 25 results')).toBeVisible();
    expect(screen.getByText('PAID')).toBeVisible();
  });
});
