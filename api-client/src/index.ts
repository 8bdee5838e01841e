export {
  APPLICANT_ACTION_PREFIXES,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionLabel,
  isApplicantAction,
} from './audit-trail/actions';
export {
  STALLED_NOTICE_TEMPLATE_ID,
  STALLED_PAGE_MS,
  STALLED_PAGE_RELOADED_KEY,
  STALLED_PAGE_SCRIPT,
} from './boot/stalled-page-script';
export {
  DEFERRED_MODULES_FALLBACK_MS,
  DEFERRED_MODULES_ID,
  TYPEABLE_PAINT_ATTRIBUTE,
  TYPEABLE_PAINT_SCRIPT,
} from './boot/typeable-paint-script';
export { type ApiClient, type ApiClientOptions, createApiClient } from './create-api-client';
export type { AccountsApi } from './endpoints/accounts';
export {
  type AdminApi,
  DEFAULT_PAGE_SIZE,
  defaultExportFileName,
  fileNameFromContentDisposition,
} from './endpoints/admin';
export {
  AUDIT_PAGE_SIZE,
  type AuditAndFlagsApi,
  auditExportFileName,
} from './endpoints/audit-and-flags';
export { DATA_RIGHTS_PATHS, type DataRightsApi } from './endpoints/data-rights';
export { API_PATHS, buildPath } from './endpoints/paths';
export {
  classifyPaymentStatus,
  normalizePaymentOrder,
  type PaymentOutcome,
  type PaymentsApi,
} from './endpoints/payments';
export type { RegistrationApi } from './endpoints/registration';
export { STAFF_API_PATHS, type StaffApi } from './endpoints/staff';
export { ApiClientError } from './errors/api-client-error';
export { getErrorMessage } from './errors/get-error-message';
export { formatAadhaar, maskAadhaar } from './format/aadhaar';
export { formatFee, formatRupees } from './format/currency';
export { EARLY_REQUESTS_GLOBAL, withEarlyResponses } from './http/early-requests';
export { EARLY_REQUESTS, EARLY_REQUESTS_SCRIPT } from './http/early-requests-script';
export {
  attachRefreshQueue,
  type RefreshQueue,
  type RefreshQueueOptions,
} from './http/refresh-queue';
export {
  cookieLocale,
  DEFAULT_LOCALE,
  formatDate,
  formatDateTime,
  formatMoney,
  intlLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_ATTRIBUTE,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  loadSharedCatalog,
  localeCookie,
  type MoneyOptions,
  negotiateLocale,
  readStoredLocale,
  storeLocale,
  TIME_ZONE,
} from './i18n';
export {
  APPLICATION_STATUSES,
  allowedTransitions,
  CLIENT_TIMELINE_STEPS,
  canTransition,
  describeStatus,
  isLifecycleStatus,
  type LifecycleStatus,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REJECTION_REASON_MIN_LENGTH,
  STAFF_TRANSITIONS,
  STATUS_LABELS,
  STATUS_TONES,
  type StatusTone,
  type StatusVocabulary,
  TRANSITION_ACTION_LABELS,
  TRANSITION_CONFLICT_MESSAGE,
} from './lifecycle/statuses';
export {
  PAYMENT_FLAG_KINDS,
  PAYMENT_FLAG_LABELS,
  REFUNDABLE_FLAGS,
  RESOLUTION_NOTE_MAX_LENGTH,
} from './payment-flags/flags';
export {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_MARKERS,
  INLINE_CONFIG_ID,
  loadRuntimeConfig,
  type PortalName,
  parseRuntimeConfig,
  portalForPath,
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
export type * from './types/audit-trail';
export type * from './types/data-rights';
export type * from './types/payment-flags';
export type * from './types/payments';
export type * from './types/registration';
export type * from './types/staff';
export { isPendingSignIn } from './types/staff';
export {
  hasValidVerhoeffCheckDigit,
  isValidAadhaar,
  verhoeffCheckDigit,
} from './validation/aadhaar';
export {
  adminLoginSchema,
  forgotPasswordSchema,
  loginSchema,
  otpSchema,
  passwordResetVerifySchema,
  resetPasswordFormSchema,
  resetPasswordPayloadSchema,
  sendOtpSchema,
  signupDetailsSchema,
  signupFormSchema,
  signupPayloadSchema,
} from './validation/auth';
export {
  isValidationId,
  VALIDATION_IDS,
  VALIDATION_MESSAGES,
  type ValidationId,
  type ValidationKey,
  validationText,
} from './validation/messages';
export {
  DEFAULT_STATE,
  FIELD_MAX_LENGTH,
  INDIAN_STATES,
  type IndianState,
  LOAN_TYPES,
  type LoanType,
  MAX_LOAN_AMOUNT,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  TEXT_MAX_LENGTH,
} from './validation/options';
export {
  addressStepSchema,
  bankStepSchema,
  MOBILE_PATTERN,
  type ProfileFormValues,
  personalStepSchema,
  profileSchema,
  REGISTRATION_STEPS,
} from './validation/registration';
