import type { RuntimeConfig } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';
import { objectOf } from '../../lib/json-schema';

export function toRuntimeConfig(config: AppConfig): RuntimeConfig {
  return {
    productName: config.productName,
    tagline: config.tagline,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    privacyNoticeVersion: config.privacyNoticeVersion,
    grievanceOfficer: { ...config.grievanceOfficer },
    applicationFeeInr: config.applicationFeeInr,
    apiBaseUrl: config.apiBaseUrl,
    payment: { ...config.payment },
    remotes: {
      client_portal: config.remotes.clientPortal,
      admin_portal: config.remotes.adminPortal,
    },
  };
}

const string = { type: 'string' };

const runtimeConfigSchema = objectOf<RuntimeConfig>({
  productName: string,
  tagline: string,
  supportEmail: string,
  supportPhone: string,
  privacyNoticeVersion: {
    type: 'string',
    description: "The privacy notice in force: a profile's consent_notice_version must equal it",
  },
  grievanceOfficer: objectOf<RuntimeConfig['grievanceOfficer']>({
    name: string,
    email: string,
    phone: string,
  }),
  applicationFeeInr: { type: 'number', description: 'Rupees, decided by the server' },
  apiBaseUrl: string,
  payment: objectOf<RuntimeConfig['payment']>({
    provider: { type: 'string', enum: ['simulator', 'cashfree'] },
    mode: { type: 'string', enum: ['sandbox', 'production'] },
    sdkUrl: string,
  }),
  remotes: objectOf<RuntimeConfig['remotes']>({
    client_portal: { type: 'string', description: 'URL of the remote entry' },
    admin_portal: { type: 'string', description: 'URL of the remote entry' },
  }),
});

/** GET /config.json: read by the shell before it renders, so remotes can move without a rebuild. */
export async function runtimeConfigRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const body = JSON.stringify(toRuntimeConfig(opts.config));
  const schema = {
    tags: ['runtime config'],
    summary: 'What the shell needs before it renders (ARCHITECTURE.md section 3)',
    response: { 200: runtimeConfigSchema },
  };
  // The body is serialized once at start-up; the schema documents it.
  app.get('/config.json', { schema }, async (_request, reply) => {
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
