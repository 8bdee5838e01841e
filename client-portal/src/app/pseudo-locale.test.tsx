import { setupI18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerPseudoLocale, untranslatedTexts } from '../test/pseudo-locale';
import {
  API,
  makeApplication,
  profile,
  renderApp,
  server,
  signedIn,
  testConfig,
  user,
} from '../test/render-app';

/**
 * Every screen in the pseudo-locale (issue 16): each word the catalog gives is rewritten
 * (Sign In -> Şīɠƞ Īƞ), so any English word still on screen, in a text or in an aria-label,
 * placeholder, title or alt, was written into the code instead of the catalog.
 */
const DATA = [
  testConfig.productName,
  testConfig.tagline,
  testConfig.supportEmail,
  testConfig.grievanceOfficer.name,
  testConfig.grievanceOfficer.email,
  user.phone_number,
  profile.full_name,
  profile.pan_number,
  profile.bank_name,
  profile.ifsc_code,
  profile.full_address,
  profile.city,
  // The switch names each language in itself.
  'English',
];

const t = setupI18n();

beforeAll(() => {
  t.loadAndActivate({ locale: 'pseudo', messages: registerPseudoLocale() });
});

async function expectAllTranslated() {
  // Let effects and lazy chunks settle before reading the page.
  await waitFor(() => expect(document.querySelector('h1, [role="dialog"]')).not.toBeNull());
  expect(untranslatedTexts(document.body, DATA)).toEqual([]);
}

function application(status: string, extra: object = {}) {
  server.use(
    http.get(`${API}/api/registration/application/`, () =>
      HttpResponse.json(makeApplication({ status, ...extra } as never)),
    ),
  );
}

describe('pseudo-locale: no English left on any client screen', () => {
  it('renders the pseudo-locale itself', () => {
    expect(t._('login.title')).toBe('Şīɠƞ Īƞ');
  });

  it.each(['/login', '/signup', '/forgot-password', '/privacy'])(
    '%s before sign-in',
    async (path) => {
      renderApp(path, undefined, testConfig, 'pseudo');
      await screen.findByRole('heading', { level: 1 });
      await expectAllTranslated();
    },
  );

  it('/login with its errors', async () => {
    renderApp('/login', undefined, testConfig, 'pseudo');
    await userEvent.click(await screen.findByRole('button', { name: t._('login.submit') }));
    await screen.findAllByText(t._('validation.mobileRequired'));
    await expectAllTranslated();
  });

  it('/signup with its errors, then its code step', async () => {
    server.use(
      http.post(`${API}/api/accounts/otp/send/`, () => HttpResponse.json({ message: 'sent' })),
    );
    renderApp('/signup', undefined, testConfig, 'pseudo');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(new RegExp(`^${t._('auth.mobileNumber')}`)), '12');
    await u.click(screen.getByRole('button', { name: t._('signup.continue') }));
    await screen.findByText(t._('validation.invalidMobile'));
    await expectAllTranslated();
    await u.clear(screen.getByLabelText(new RegExp(`^${t._('auth.mobileNumber')}`)));
    await u.type(screen.getByLabelText(new RegExp(`^${t._('auth.mobileNumber')}`)), '9876543210');
    await u.type(screen.getByLabelText(new RegExp(`^${t._('auth.password')}( \\*)?$`)), 'secret1');
    await u.type(screen.getByLabelText(new RegExp(`^${t._('auth.confirmPassword')}`)), 'secret1');
    await u.click(screen.getByRole('button', { name: t._('signup.continue') }));
    await screen.findByRole('button', { name: t._('signup.verifySubmit') });
    await expectAllTranslated();
  });

  it('/forgot-password/verify and /forgot-password/reset', async () => {
    renderApp('/forgot-password/verify', { phone: '9876543210' }, testConfig, 'pseudo');
    await screen.findByRole('heading', { level: 1, name: t._('forgot.verifyTitle') });
    await expectAllTranslated();
  });

  it('/forgot-password/reset', async () => {
    renderApp(
      '/forgot-password/reset',
      { phone: '9876543210', resetToken: 'token' },
      testConfig,
      'pseudo',
    );
    await screen.findByRole('heading', { level: 1, name: t._('reset.title') });
    await expectAllTranslated();
  });

  it('/dashboard without an application, and its two dialogs', async () => {
    signedIn();
    renderApp('/dashboard', undefined, testConfig, 'pseudo');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: t._('dashboard.learnMore') }));
    await screen.findByRole('dialog');
    await expectAllTranslated();
    await u.click(screen.getAllByRole('button', { name: t._('common.close') })[0]!);
    await u.click(screen.getByRole('button', { name: t._('dashboard.contactSupport') }));
    await screen.findByRole('dialog');
    await expectAllTranslated();
  });

  it.each(['draft', 'paid', 'under_review', 'approved', 'active', 'closed'])(
    '/dashboard and /status of an application %s',
    async (status) => {
      signedIn(makeApplication({ status } as never));
      application(status, { submitted_at: '2025-03-12T10:15:00+05:30' });
      const first = renderApp('/dashboard', undefined, testConfig, 'pseudo');
      await screen.findByRole('heading', { level: 1 });
      await screen.findByText(String(42));
      await expectAllTranslated();
      first.unmount();
      renderApp('/status', undefined, testConfig, 'pseudo');
      await screen.findByRole('heading', { level: 1, name: t._('statusPage.title') });
      await screen.findByRole('heading', { level: 2, name: t._('dashboard.yourApplication') });
      await expectAllTranslated();
    },
  );

  it('/status of a rejected application, with its reason', async () => {
    signedIn();
    application('rejected', {
      history: [{ status: 'rejected', at: '2026-11-21T09:00:00Z', reason: 'ƥȧƞ ḿīşḿȧŧƈħ' }],
    });
    renderApp('/status', undefined, testConfig, 'pseudo');
    await screen.findByRole('heading', { level: 2, name: t._('statusText.rejected.title') });
    await expectAllTranslated();
  });

  it('/register: every step with its errors, and the review dialog', async () => {
    signedIn();
    server.use(
      http.get(`${API}/api/registration/draft/`, () =>
        HttpResponse.json({ step: 2, values: { ...profile }, updated_at: null }),
      ),
    );
    renderApp('/register', undefined, testConfig, 'pseudo');
    const u = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: t._('register.title') });
    // The heading paints at once; the form follows once the saved draft is read.
    await screen.findByRole('button', { name: t._('register.complete') });
    await expectAllTranslated();
    await u.click(screen.getByRole('button', { name: t._('register.complete') }));
    await screen.findByRole('dialog');
    await expectAllTranslated();
    await u.click(screen.getByRole('button', { name: t._('register.edit') }));
    await u.click(screen.getByRole('button', { name: t._('register.previous') }));
    await u.click(screen.getByRole('button', { name: t._('register.previous') }));
    await u.clear(screen.getByLabelText(new RegExp(`^${t._('field.fullName')}`)));
    await u.click(screen.getByRole('button', { name: t._('register.next') }));
    await screen.findByText(t._('validation.fullNameRequired'));
    await expectAllTranslated();
  });

  it('/payment and its terms', async () => {
    signedIn();
    application('draft');
    renderApp('/payment', undefined, testConfig, 'pseudo');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: t._('payment.terms') }));
    await screen.findByRole('dialog');
    await expectAllTranslated();
  });

  it('/your-data and its delete dialog', async () => {
    signedIn();
    renderApp('/your-data', undefined, testConfig, 'pseudo');
    const u = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: t._('data.title') });
    await expectAllTranslated();
    await u.click(screen.getAllByRole('button', { name: t._('data.delete') })[0]!);
    await screen.findByRole('dialog');
    await expectAllTranslated();
  });
});
