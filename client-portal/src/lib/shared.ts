/*
 * The api-client's validation schemas, options and formatters, gathered in one place.
 * WORKAROUND: @loan-portal/api-client's index does not export src/validation or src/format yet,
 * and its package.json exposes only ".", so they are reached by relative path here. When the
 * index exports them, only this file changes.
 */
export { formatAadhaar } from '../../../api-client/src/format/aadhaar';
export { formatFee, formatRupees } from '../../../api-client/src/format/currency';
export {
  forgotPasswordSchema,
  loginSchema,
  otpSchema,
  resetPasswordFormSchema,
  signupDetailsSchema,
} from '../../../api-client/src/validation/auth';
export { VALIDATION_MESSAGES } from '../../../api-client/src/validation/messages';
export {
  DEFAULT_STATE,
  FIELD_MAX_LENGTH,
  INDIAN_STATES,
  LOAN_TYPES,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
} from '../../../api-client/src/validation/options';
export {
  addressStepSchema,
  bankStepSchema,
  type ProfileFormValues,
  personalStepSchema,
  profileSchema,
  REGISTRATION_STEPS,
} from '../../../api-client/src/validation/registration';
