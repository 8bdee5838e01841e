/*
 * The api-client's options, messages and formatters the screens use, gathered in one place so a
 * screen's imports say what it needs from the shared package. The schemas are not here: the forms
 * load them apart (form-rules.ts), and an import from here must not pull yup into a page.
 */
export {
  DEFAULT_STATE,
  FIELD_MAX_LENGTH,
  formatAadhaar,
  formatFee,
  formatRupees,
  INDIAN_STATES,
  LOAN_TYPES,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  type ProfileFormValues,
  VALIDATION_IDS,
} from '@loan-portal/api-client';
