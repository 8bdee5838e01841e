import type { RuntimeConfig } from '@loan-portal/api-client';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env';

export function toRuntimeConfig(config: AppConfig): RuntimeConfig {
  return {
    productName: config.productName,
    tagline: config.tagline,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    applicationFeeInr: config.applicationFeeInr,
    apiBaseUrl: config.apiBaseUrl,
    payment: { ...config.payment },
    remotes: {
      client_portal: config.remotes.clientPortal,
      admin_portal: config.remotes.adminPortal,
    },
  };
}

/** GET /config.json: read by the shell before it renders, so remotes can move without a rebuild. */
export async function runtimeConfigRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const body = JSON.stringify(toRuntimeConfig(opts.config));
  app.get('/config.json', async (_request, reply) => {
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
