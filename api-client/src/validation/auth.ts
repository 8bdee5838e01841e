import { object, string } from 'yup';
import { VALIDATION_IDS as M } from './messages';
import { MIN_PASSWORD_LENGTH } from './options';
import { mobileNumber } from './registration';

const OTP_PATTERN = /^\d{6}$/;

const newPassword = () =>
  string().required(M.passwordRequired).min(MIN_PASSWORD_LENGTH, M.passwordTooShort);

// A test rather than oneOf(ref): yup runs oneOf before required, and an empty confirmation
// should ask for the confirmation, not claim a mismatch.
const confirmationOf = (field: string) =>
  string()
    .required(M.confirmPasswordRequired)
    .test('matches', M.passwordsDoNotMatch, function matches(value) {
      return !value || value === this.parent[field];
    });

const otp = () => string().required(M.otpIncomplete).matches(OTP_PATTERN, M.otpIncomplete);

/** Client login form and body `{ mobile, password }`: both required. */
export const loginSchema = object({
  mobile: string().required(M.mobileRequired),
  password: string().required(M.passwordRequired),
});

/** Admin login form and body `{ username, password }`. */
export const adminLoginSchema = object({
  username: string().required(M.usernameRequired),
  password: string().required(M.passwordRequired),
});

/** Body of the send-OTP call `{ mobile }`. */
export const sendOtpSchema = object({
  mobile: mobileNumber(M.phoneRequired),
});

/** The six-digit code on its own (signup step 2, forgot-password step 2). */
export const otpSchema = object({ otp: otp() });

/** Signup step 1: phone number, password and its confirmation. */
export const signupDetailsSchema = object({
  phone_number: mobileNumber(M.phoneRequired),
  password: newPassword(),
  confirm_password: confirmationOf('password'),
});

/** The whole signup form (both steps). */
export const signupFormSchema = signupDetailsSchema.concat(otpSchema);

/** Body of the signup call `{ phone_number, password, otp }`, as the server checks it. */
export const signupPayloadSchema = object({
  phone_number: mobileNumber(M.phoneRequired),
  password: newPassword(),
  otp: otp(),
});

/** Forgot password step 1 and the body of the reset request `{ phone_number }`. */
export const forgotPasswordSchema = object({
  phone_number: mobileNumber(M.phoneRequired),
});

/** Body of the verify call `{ phone_number, otp }`. */
export const passwordResetVerifySchema = forgotPasswordSchema.concat(otpSchema);

/** The reset password screen: new password and its confirmation. */
export const resetPasswordFormSchema = object({
  new_password: newPassword(),
  confirm_password: confirmationOf('new_password'),
});

/** Body of the reset call `{ phone_number, reset_token, new_password }`. */
export const resetPasswordPayloadSchema = object({
  phone_number: mobileNumber(M.phoneRequired),
  reset_token: string().required(M.resetTokenRequired),
  new_password: newPassword(),
});
