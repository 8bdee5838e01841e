import { INLINE_CONFIG_ID } from '@loan-portal/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

const config = {
  productName: 'Rupee Loans',
  tagline: 'Loans made easy, secure & fast.',
  supportEmail: 'care@rupee.example',
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
  remotes: {
    client_portal: '/remotes/client-portal/remoteEntry.js',
    admin_portal: '/remotes/admin-portal/remoteEntry.js',
  },
};

function page(inline?: string): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (inline !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = INLINE_CONFIG_ID;
    script.textContent = inline;
    doc.head.append(script);
  }
  return doc;
}

function serveConfigJson(body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readRuntimeConfig', () => {
  it('takes the config the server wrote into the page, without asking for /config.json', async () => {
    const fetchMock = serveConfigJson('{}');
    const read = await readRuntimeConfig(page(JSON.stringify(config)));
    expect(read.productName).toBe('Rupee Loans');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the page carries a broken config', async () => {
    await expect(readRuntimeConfig(page('{not json'))).rejects.toThrow(
      'The configuration in this page is not valid JSON.',
    );
  });

  it('asks /config.json when the page has none, or when told to get a fresh one', async () => {
    const fetchMock = serveConfigJson(JSON.stringify({ ...config, productName: 'From server' }));
    expect((await readRuntimeConfig(page())).productName).toBe('From server');
    expect((await readRuntimeConfig(page(JSON.stringify(config)), true)).productName).toBe(
      'From server',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
