export { type ApiClient, type ApiClientOptions, createApiClient } from './create-api-client';
export type { AccountsApi } from './endpoints/accounts';
export {
  type AdminApi,
  DEFAULT_PAGE_SIZE,
  defaultExportFileName,
  fileNameFromContentDisposition,
} from './endpoints/admin';
export { API_PATHS, buildPath } from './endpoints/paths';
export {
  classifyPaymentStatus,
  normalizePaymentOrder,
  type PaymentOutcome,
  type PaymentsApi,
} from './endpoints/payments';
export type { RegistrationApi } from './endpoints/registration';
export { ApiClientError } from './errors/api-client-error';
export { getErrorMessage } from './errors/get-error-message';
export {
  attachRefreshQueue,
  type RefreshQueue,
  type RefreshQueueOptions,
} from './http/refresh-queue';
export {
  loadRuntimeConfig,
  parseRuntimeConfig,
  type RuntimeConfig,
  RuntimeConfigError,
} from './runtime-config';
export {
  createMemoryStorage,
  createSessionStore,
  defaultStorage,
  type KeyValueStorage,
  type SessionStore,
  STORAGE_KEYS,
  type StoredSession,
} from './session/storage';
export type * from './types/accounts';
export type * from './types/payments';
export type * from './types/registration';
