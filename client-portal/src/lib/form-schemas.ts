/*
 * The forms' rules (yup and the api-client's schemas), a chunk of their own that `form-rules.ts`
 * loads: nothing a page paints needs them, only the first check of what was typed (issue 17).
 */
export {
  forgotPasswordSchema,
  loginSchema,
  REGISTRATION_STEPS,
  resetPasswordFormSchema,
  signupDetailsSchema,
} from '@loan-portal/api-client';
