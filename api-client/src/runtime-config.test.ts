import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig, portalForPath } from './runtime-config';

const valid = {
  productName: 'Loan Portal',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'help@example.in',
  supportPhone: '+91 80000 00000',
  privacyNoticeVersion: '2026-11',
  grievanceOfficer: {
    name: 'Meera Iyer',
    email: 'grievance@loans.example.in',
    phone: '+91 80000 54321',
  },
  applicationFeeInr: 199,
  apiBaseUrl: '',
  payment: { provider: 'simulator', mode: 'sandbox', sdkUrl: '/payments-simulator/cashfree.js' },
  remotes: { client_portal: '/remotes/client-portal/remoteEntry.js', admin_portal: '/x.js' },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid).productName).toBe('Loan Portal');
  });

  it('names the missing field', () => {
    const { remotes: _remotes, ...rest } = valid;
    expect(() => parseRuntimeConfig(rest)).toThrow('config.json: "remotes" must be an object');
    expect(() => parseRuntimeConfig({ ...valid, remotes: { client_portal: 'a' } })).toThrow(
      '"remotes.admin_portal" must be a string',
    );
  });

  it('rejects a non-object', () => {
    expect(() => parseRuntimeConfig('nope')).toThrow('expected a JSON object');
  });
});

describe('portalForPath', () => {
  it('gives /portal-admin and everything under it to the back office, the rest to clients', () => {
    expect(portalForPath('/portal-admin')).toBe('admin_portal');
    expect(portalForPath('/portal-admin/dashboard')).toBe('admin_portal');
    expect(portalForPath('/login')).toBe('client_portal');
    expect(portalForPath('/')).toBe('client_portal');
    expect(portalForPath('/portal-administration')).toBe('client_portal');
  });
});
