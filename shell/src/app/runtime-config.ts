import {
  INLINE_CONFIG_ID,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type RuntimeConfig,
  RuntimeConfigError,
} from '@loan-portal/api-client';

/**
 * The runtime config. The server writes it into the page, which saves a round trip before the
 * first remote can even be asked for; GET /config.json remains for a page served without it (a
 * plain static host) and for Retry (`fresh`), which wants the server's current answer.
 */
export async function readRuntimeConfig(doc: Document, fresh = false): Promise<RuntimeConfig> {
  const element = fresh ? null : doc.getElementById(INLINE_CONFIG_ID);
  if (!element) return loadRuntimeConfig();
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    throw new RuntimeConfigError('The configuration in this page is not valid JSON.');
  }
  return parseRuntimeConfig(value);
}
