/*
 * The api-client's validation schemas, options and formatters the screens use, gathered in one
 * place so a screen's imports say what it needs from the shared package.
 */
export {
  addressStepSchema,
  bankStepSchema,
  DEFAULT_STATE,
  FIELD_MAX_LENGTH,
  forgotPasswordSchema,
  formatAadhaar,
  formatFee,
  formatRupees,
  INDIAN_STATES,
  LOAN_TYPES,
  loginSchema,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  otpSchema,
  type ProfileFormValues,
  personalStepSchema,
  profileSchema,
  REGISTRATION_STEPS,
  resetPasswordFormSchema,
  signupDetailsSchema,
  VALIDATION_IDS,
} from '@loan-portal/api-client';
