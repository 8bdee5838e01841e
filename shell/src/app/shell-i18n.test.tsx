import { INLINE_CONFIG_ID, LOCALE_COOKIE_ATTRIBUTE } from '@loan-portal/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BootScreen } from './boot-screen';
import { activateBootLocale, followPageLanguage, i18n } from './shell-i18n';

afterEach(() => {
  localStorage.clear();
  i18n.activate('en');
  document.documentElement.lang = 'en-IN';
});

describe("the shell's boot texts (issue 16)", () => {
  it('are Hindi on a client page when the device chose Hindi, English in the back office', async () => {
    localStorage.setItem('loan-portal.locale', 'hi');
    await activateBootLocale('/portal-admin/login');
    expect(i18n.locale).toBe('en');
    await activateBootLocale('/login');
    render(<BootScreen productName="Loan Portal" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loan Portal लोड हो रहा है...');
    expect(document.documentElement.lang).toBe('hi-IN');
  });

  it("are Hindi for a reader whose only choice is the lang cookie, as the server's boot screen is", async () => {
    const config = document.createElement('script');
    config.id = INLINE_CONFIG_ID;
    config.setAttribute(LOCALE_COOKIE_ATTRIBUTE, 'hi');
    document.head.append(config);
    try {
      await activateBootLocale('/status');
      render(<BootScreen productName="Loan Portal" />);
      expect(screen.getByRole('status')).toHaveTextContent('Loan Portal लोड हो रहा है...');
      // The device's own choice still wins over the cookie.
      i18n.activate('en');
      localStorage.setItem('loan-portal.locale', 'en');
      await activateBootLocale('/status');
      expect(i18n.locale).toBe('en');
    } finally {
      config.remove();
    }
  });

  it('follow the language the client portal switches to', async () => {
    const stop = followPageLanguage();
    document.documentElement.lang = 'hi-IN';
    await waitFor(() => expect(i18n.locale).toBe('hi'));
    render(<BootScreen productName="Loan Portal" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loan Portal लोड हो रहा है...');
    document.documentElement.lang = 'en-IN';
    await waitFor(() => expect(i18n.locale).toBe('en'));
    stop();
  });
});
