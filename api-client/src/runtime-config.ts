/** The runtime configuration served by the server at GET /config.json (ARCHITECTURE.md section 3). */
export interface RuntimeConfig {
  productName: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  /** The privacy notice in force; a profile's consent_notice_version must equal it. */
  privacyNoticeVersion: string;
  /** Shown on /privacy and in the support modal. */
  grievanceOfficer: { name: string; email: string; phone: string };
  applicationFeeInr: number;
  apiBaseUrl: string;
  payment: {
    provider: 'simulator' | 'cashfree';
    mode: 'sandbox' | 'production';
    sdkUrl: string;
  };
  remotes: {
    client_portal: string;
    admin_portal: string;
  };
}

export type PortalName = keyof RuntimeConfig['remotes'];

/**
 * The remote that renders a URL path (ARCHITECTURE.md section 1): the shell's top-level routes,
 * also used by the server to know which remote a page will load before any script runs.
 */
export function portalForPath(pathname: string): PortalName {
  return pathname === '/portal-admin' || pathname.startsWith('/portal-admin/')
    ? 'admin_portal'
    : 'client_portal';
}

/**
 * The contract between the shell's index.html and the server that renders it per URL: the server
 * writes the runtime config into the element with this id, and replaces what lies between the
 * markers (the boot screen) with a page painted by the HTML.
 */
export const INLINE_CONFIG_ID = 'lp-runtime-config';
export const FIRST_PAINT_MARKERS = { start: '<!--lp-boot-->', end: '<!--/lp-boot-->' } as const;
/**
 * On the config element when the server painted the page into the HTML: the page's inline script
 * then holds back nothing that would delay that paint (early-requests.ts).
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(source: Record<string, unknown>, key: string, path = key): string {
  const value = source[key];
  if (typeof value !== 'string') {
    throw new RuntimeConfigError(`config.json: "${path}" must be a string`);
  }
  return value;
}

/** Checks an unknown JSON value and returns it typed, or throws one clear message naming the field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('config.json: expected a JSON object');
  const payment = value.payment;
  const remotes = value.remotes;
  if (!isRecord(payment)) throw new RuntimeConfigError('config.json: "payment" must be an object');
  if (!isRecord(remotes)) throw new RuntimeConfigError('config.json: "remotes" must be an object');
  const grievance = value.grievanceOfficer;
  if (!isRecord(grievance)) {
    throw new RuntimeConfigError('config.json: "grievanceOfficer" must be an object');
  }
  const fee = value.applicationFeeInr;
  if (typeof fee !== 'number' || !Number.isFinite(fee) || fee <= 0) {
    throw new RuntimeConfigError('config.json: "applicationFeeInr" must be a positive number');
  }
  const provider = requireString(payment, 'provider', 'payment.provider');
  if (provider !== 'simulator' && provider !== 'cashfree') {
    throw new RuntimeConfigError('config.json: "payment.provider" must be simulator or cashfree');
  }
  const mode = requireString(payment, 'mode', 'payment.mode');
  if (mode !== 'sandbox' && mode !== 'production') {
    throw new RuntimeConfigError('config.json: "payment.mode" must be sandbox or production');
  }
  return {
    productName: requireString(value, 'productName'),
    tagline: requireString(value, 'tagline'),
    supportEmail: requireString(value, 'supportEmail'),
    supportPhone: requireString(value, 'supportPhone'),
    privacyNoticeVersion: requireString(value, 'privacyNoticeVersion'),
    grievanceOfficer: {
      name: requireString(grievance, 'name', 'grievanceOfficer.name'),
      email: requireString(grievance, 'email', 'grievanceOfficer.email'),
      phone: requireString(grievance, 'phone', 'grievanceOfficer.phone'),
    },
    applicationFeeInr: fee,
    apiBaseUrl: requireString(value, 'apiBaseUrl'),
    payment: { provider, mode, sdkUrl: requireString(payment, 'sdkUrl', 'payment.sdkUrl') },
    remotes: {
      client_portal: requireString(remotes, 'client_portal', 'remotes.client_portal'),
      admin_portal: requireString(remotes, 'admin_portal', 'remotes.admin_portal'),
    },
  };
}

/** Fetches and validates /config.json; network, HTTP and shape errors all become one readable message. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    throw new RuntimeConfigError(`Could not reach ${url}. Check your connection and try again.`);
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${url} (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`${url} is not valid JSON.`);
  }
  return parseRuntimeConfig(body);
}
