/**
 * A bad value in the environment: the server stops at start-up with this message, which names the
 * variable. Its own module so that the providers' settings (providers/payments/config.ts), which
 * env.ts reads, can throw it without importing env.ts back.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
