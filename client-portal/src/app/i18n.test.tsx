import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  API,
  makeApplication,
  renderApp,
  renderAppInHindi,
  server,
  signedIn,
  user,
} from '../test/render-app';

const HINDI = 'हिन्दी';

describe('Hindi (issue 16)', () => {
  it('shows /login in Hindi with the shared Hindi validation messages, and marks the page hi-IN', async () => {
    await renderAppInHindi('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeVisible();
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(screen.getByRole('button', { name: HINDI })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: HINDI })).toHaveAttribute('lang', 'hi');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'साइन इन करें →' }));
    const mobile = screen.getByLabelText(/^मोबाइल नंबर/);
    await waitFor(() => expect(mobile).toHaveFocus());
    expect(mobile).toHaveAccessibleDescription('मोबाइल नंबर आवश्यक है');
    expect(screen.getByLabelText(/^पासवर्ड( \*)?$/)).toHaveAccessibleDescription('पासवर्ड आवश्यक है');
    expect(screen.getByRole('button', { name: 'पासवर्ड दिखाएँ' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'गोपनीयता सूचना' })).toHaveAttribute('href', '/privacy');
  });

  it('switches to हिन्दी on the English login page, remembers it on the device and asks the server in Hindi', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.post(`${API}/api/accounts/auth/login/`, ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        // The server answers in the caller's language; the screen shows its text as it came.
        return HttpResponse.json({ message: 'मोबाइल नंबर या पासवर्ड गलत है।' }, { status: 401 });
      }),
    );
    renderApp('/login');
    expect(document.documentElement.lang).toBe('en-IN');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: HINDI }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'साइन इन करें' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(localStorage.getItem('loan-portal.locale')).toBe('hi');
    expect(document.cookie).toContain('lang=hi');
    expect(document.documentElement.lang).toBe('hi-IN');

    await u.type(screen.getByLabelText(/^मोबाइल नंबर/), '9876543210');
    await u.type(screen.getByLabelText(/^पासवर्ड( \*)?$/), 'secret1');
    await u.click(screen.getByRole('button', { name: 'साइन इन करें →' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('मोबाइल नंबर या पासवर्ड गलत है।');
    expect(languages).toEqual(['hi']);

    // Back to English: the page, and the remembered choice.
    await u.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(localStorage.getItem('loan-portal.locale')).toBe('en');
  });

  it('says a network failure in Hindi (English keeps the spec\'s "Network Error")', async () => {
    server.use(http.post(`${API}/api/accounts/auth/login/`, () => HttpResponse.error()));
    await renderAppInHindi('/login');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^मोबाइल नंबर/), '9876543210');
    await u.type(screen.getByLabelText(/^पासवर्ड( \*)?$/), 'secret1');
    await u.click(screen.getByRole('button', { name: 'साइन इन करें →' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('नेटवर्क त्रुटि: अपना इंटरनेट कनेक्शन जाँचें');
  });

  it('keeps the choice for the next visit: a reload opens in Hindi', async () => {
    localStorage.setItem('loan-portal.locale', 'hi');
    renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'खाता बनाएँ' })).toBeInTheDocument();
  });

  it('saves a signed-in client’s switch on the account', async () => {
    const saved: unknown[] = [];
    signedIn();
    server.use(
      http.patch(`${API}/api/accounts/me/language/`, async ({ request }) => {
        const body = (await request.json()) as { language: string };
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    renderApp('/dashboard');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: HINDI }));
    expect(await screen.findByRole('button', { name: 'लॉग आउट करें' })).toBeVisible();
    await waitFor(() => expect(saved).toEqual([{ language: 'hi' }]));
  });

  it('opens in the account’s language on a device that never chose one', async () => {
    signedIn();
    server.use(
      http.get(`${API}/api/accounts/user/`, () =>
        HttpResponse.json({ ...user, preferred_language: 'hi' }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'लॉग आउट करें' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ऋण अब आसान, सुरक्षित और तेज़' }),
    ).toBeVisible();
    expect(localStorage.getItem('loan-portal.locale')).toBe('hi');
  });

  it('shows the signup errors in Hindi and signs up with the language in use', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/api/accounts/otp/send/`, () =>
        HttpResponse.json({ message: 'ओटीपी भेजा गया।' }),
      ),
      http.post(`${API}/api/accounts/signup/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await renderAppInHindi('/signup');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/^मोबाइल नंबर/), '12345');
    await u.type(screen.getByLabelText(/^पासवर्ड( \*)?$/), 'abc');
    await u.type(screen.getByLabelText(/^पासवर्ड की पुष्टि करें/), 'abd');
    await u.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(await screen.findByText('कृपया सही 10 अंकों का मोबाइल नंबर दर्ज करें')).toBeVisible();
    expect(screen.getByLabelText(/^पासवर्ड( \*)?$/)).toHaveAccessibleDescription(
      /पासवर्ड कम से कम 6 अक्षरों का होना चाहिए/,
    );

    await u.clear(screen.getByLabelText(/^मोबाइल नंबर/));
    await u.type(screen.getByLabelText(/^मोबाइल नंबर/), '9876543210');
    await u.clear(screen.getByLabelText(/^पासवर्ड( \*)?$/));
    await u.type(screen.getByLabelText(/^पासवर्ड( \*)?$/), 'secret1');
    await u.clear(screen.getByLabelText(/^पासवर्ड की पुष्टि करें/));
    await u.type(screen.getByLabelText(/^पासवर्ड की पुष्टि करें/), 'secret1');
    await u.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    expect(await screen.findByText('9876543210 पर भेजा गया 6 अंकों का कोड दर्ज करें।')).toBeVisible();
    await u.click(screen.getByLabelText('6 में से अंक 1'));
    await u.paste('123456');
    await u.click(screen.getByRole('button', { name: 'सत्यापित करें और खाता बनाएँ' }));
    expect(await screen.findByText('साइन अप सफल रहा! लॉगिन पेज पर ले जा रहे हैं...')).toBeVisible();
    expect(bodies).toEqual([
      { phone_number: '9876543210', password: 'secret1', otp: '123456', language: 'hi' },
    ]);
  });

  it('shows the first form step’s errors in Hindi, and names the options in Hindi', async () => {
    signedIn();
    await renderAppInHindi('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'पंजीकरण फ़ॉर्म' })).toBeVisible();
    const u = userEvent.setup();
    // The heading paints at once; the form follows once the saved draft is read.
    await u.click(await screen.findByRole('button', { name: 'अगला चरण' }));
    expect(await screen.findByText('पूरा नाम आवश्यक है')).toBeVisible();
    expect(screen.getByText('आधार नंबर आवश्यक है')).toBeVisible();
    expect(screen.getByText('कृपया ऋण का प्रकार चुनें')).toBeVisible();
    const loanType = screen.getByLabelText(/^ऋण का प्रकार/);
    const home = within(loanType).getByRole('option', { name: 'होम लोन' });
    expect(home).toHaveValue('Home Loan');
    expect(screen.getByRole('list', { name: 'प्रगति' })).toHaveTextContent(
      'चरण 1 / 3: व्यक्तिगत जानकारी',
    );
  });

  it('shows the status page in Hindi: words, Indian amounts and the Hindi month', async () => {
    signedIn();
    server.use(
      http.get(`${API}/api/registration/application/`, () =>
        HttpResponse.json(
          makeApplication({
            status: 'under_review',
            submitted_at: '2025-03-12T10:15:00+05:30',
            history: [
              { status: 'draft', at: '2026-11-19T05:30:00Z', reason: null },
              { status: 'paid', at: '2026-11-20T05:30:00Z', reason: null },
              { status: 'under_review', at: '2026-11-21T09:00:00Z', reason: null },
            ],
          }),
        ),
      ),
    );
    await renderAppInHindi('/status');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'आवेदन पर कार्रवाई जारी है' }),
    ).toBeVisible();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('₹5,00,000');
    expect(main).toHaveTextContent('होम लोन');
    expect(main).toHaveTextContent('समीक्षाधीन');
    expect(screen.getByText('केरल')).toBeVisible();
    const items = within(screen.getByRole('list', { name: 'आवेदन की प्रगति' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('ड्राफ़्ट (पूरा हुआ)');
    expect(items[0]).toHaveTextContent(/19 नव॰ 2026|19 नवंबर 2026/);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[3]).toHaveTextContent('स्वीकृत (अभी नहीं)');
  });
});

describe("the page's copy of the lang cookie", () => {
  it('follows a language the client picks, for when the device cannot store it', async () => {
    const { rememberLocale, storedLocale } = await import('./i18n');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<script id="lp-runtime-config" type="application/json" data-lang-cookie="en">{}</script>',
    );
    try {
      rememberLocale('hi');
      const copy = document.getElementById('lp-runtime-config');
      expect(copy?.getAttribute('data-lang-cookie')).toBe('hi');
      // With nothing in localStorage, the copy decides (it no longer says what the page came with).
      localStorage.removeItem('loan-portal.locale');
      expect(storedLocale()).toBe('hi');
    } finally {
      document.getElementById('lp-runtime-config')?.remove();
    }
  });
});
