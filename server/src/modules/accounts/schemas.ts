import { LOCALES, type Locale } from '@loan-portal/api-client';
import * as yup from 'yup';
import { errorResponses, HttpError } from '../../plugins/error-handler';

// --- Validation with the spec's messages (section 5). JSON schemas below only shape the body
// for OpenAPI and coercion; these decide what is valid and what the caller is told.

const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const INVALID_MOBILE = 'Please enter a valid 10-digit mobile number';

const mobile = (requiredMessage: string) =>
  yup.string().trim().required(requiredMessage).matches(MOBILE_PATTERN, INVALID_MOBILE);

const newPassword = yup
  .string()
  .required('Password is required')
  .min(6, 'Password must be at least 6 characters long')
  // argon2 would hash a megabyte happily; nobody types a password this long.
  .max(128, 'Password must be at most 128 characters long');

const otp = yup
  .string()
  .trim()
  .required('Please enter the complete 6-digit OTP')
  .matches(/^\d{6}$/, 'Please enter the complete 6-digit OTP');

export const sendOtpBody = yup.object({ mobile: mobile('Phone number is required') });
export const signupBody = yup.object({
  phone_number: mobile('Phone number is required'),
  password: newPassword,
  otp,
  language: yup.mixed<Locale>().oneOf(LOCALES, 'error.languageInvalid').optional(),
});
export const loginBody = yup.object({
  mobile: mobile('Mobile number is required'),
  password: yup.string().required('Password is required').max(128, 'Password is too long'),
});
export const adminLoginBody = yup.object({
  username: yup
    .string()
    .trim()
    .required('Username is required')
    .max(150, 'Username is too long')
    // PostgreSQL text cannot hold one: the lookup itself would fail.
    .test(
      'no-nul',
      'Username contains a character that is not allowed',
      (value) => !value?.includes('\u0000'),
    ),
  password: yup.string().required('Password is required').max(128, 'Password is too long'),
});
export const resetRequestBody = yup.object({ phone_number: mobile('Phone number is required') });
export const resetVerifyBody = yup.object({
  phone_number: mobile('Phone number is required'),
  otp,
});
export const resetBody = yup.object({
  phone_number: mobile('Phone number is required'),
  reset_token: yup.string().required('Reset token is required').max(100, 'Invalid reset token'),
  new_password: newPassword,
});

/**
 * Validates a body, collecting every field's first message; the first of them becomes the
 * top-level `message` the screens show.
 */
export function validate<S extends yup.AnyObjectSchema>(
  schema: S,
  body: unknown,
): yup.InferType<S> {
  try {
    return schema.validateSync(body ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const item of error.inner.length ? error.inner : [error]) {
      const field = item.path ?? 'body';
      errors[field] ??= item.message;
    }
    throw new HttpError(400, Object.values(errors)[0], errors);
  }
}

// --- JSON schemas: request shapes and every answer, for Fastify and OpenAPI.

const str = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });

const bodyOf = (properties: Record<string, object>) => ({
  type: 'object',
  properties,
});

export const messageResponse = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    phone_number: { type: ['string', 'null'] },
    username: { type: ['string', 'null'] },
    is_staff: { type: 'boolean' },
    is_superuser: { type: 'boolean' },
    preferred_language: {
      type: 'string',
      enum: ['en', 'hi'],
      description: "A client's language (issue 16); absent for staff",
    },
  },
  required: ['id', 'phone_number', 'username', 'is_staff', 'is_superuser'],
} as const;

export const sessionResponse = {
  type: 'object',
  description: 'The refresh token is set as an httpOnly cookie, never in the body.',
  properties: { access: { type: 'string' }, user: userSchema },
  required: ['access', 'user'],
} as const;

/** The password step's answer when a second step is due (staff module). */
export const pendingSignInResponse = {
  type: 'object',
  properties: {
    challenge: { type: 'string' },
    next: { type: 'string', enum: ['change_password', 'totp', 'enrol_totp'] },
  },
  required: ['challenge', 'next'],
} as const;

const portalHeader = {
  type: 'object',
  properties: {
    'x-portal': {
      type: 'string',
      description: 'client or admin: chooses the refresh cookie (client_refresh or admin_refresh).',
    },
  },
} as const;

export const routeSchemas = {
  sendOtp: {
    tags: ['accounts'],
    summary: 'Send a signup code to a mobile number',
    body: bodyOf({ mobile: str('10 digits, first 6-9') }),
    response: { 200: messageResponse, ...errorResponses(400, 409, 429, 502) },
  },
  signup: {
    tags: ['accounts'],
    summary: 'Create a client account with the code; signs in',
    body: bodyOf({
      phone_number: str(),
      password: str('at least 6 characters'),
      otp: str(),
      language: str('optional: en or hi, the language of the SMS; en by default'),
    }),
    response: {
      201: {
        ...sessionResponse,
        properties: { ...sessionResponse.properties, message: { type: 'string' } },
        required: ['access', 'user', 'message'],
      },
      ...errorResponses(400, 409, 429),
    },
  },
  login: {
    tags: ['accounts'],
    summary: 'Client login; failures per number and address slow down, then block for 15 minutes',
    body: bodyOf({ mobile: str(), password: str() }),
    response: { 200: sessionResponse, ...errorResponses(400, 401, 429) },
  },
  adminLogin: {
    tags: ['accounts'],
    summary:
      'Staff login; 3 failures lock the username from that address for 30 seconds, 10 across addresses it never signed in from lock it for 15 minutes',
    body: bodyOf({ username: str(), password: str() }),
    response: {
      200: {
        description:
          'A session; or, when a step is due (a new password, a code, an enrolment), a short-lived challenge for that step and no session',
        type: 'object',
        anyOf: [sessionResponse, pendingSignInResponse],
      },
      ...errorResponses(400, 401, 429),
    },
  },
  resetRequest: {
    tags: ['accounts'],
    summary: 'Send a password-reset code (same answer for unknown numbers)',
    body: bodyOf({ phone_number: str() }),
    response: { 200: messageResponse, ...errorResponses(400, 429, 502) },
  },
  resetVerify: {
    tags: ['accounts'],
    summary: 'Exchange the reset code for a single-use reset token (15 minutes)',
    body: bodyOf({ phone_number: str(), otp: str() }),
    response: {
      200: {
        type: 'object',
        properties: { reset_token: { type: 'string' }, message: { type: 'string' } },
        required: ['reset_token', 'message'],
      },
      ...errorResponses(400, 429),
    },
  },
  reset: {
    tags: ['accounts'],
    summary: 'Set a new password; ends every session of the user',
    body: bodyOf({ phone_number: str(), reset_token: str(), new_password: str() }),
    response: { 200: messageResponse, ...errorResponses(400, 429) },
  },
  refresh: {
    tags: ['accounts'],
    summary: 'Rotate the refresh cookie and get a new access token',
    headers: portalHeader,
    response: { 200: sessionResponse, ...errorResponses(400, 401) },
  },
  logout: {
    tags: ['accounts'],
    summary: 'End the session of the refresh cookie',
    headers: portalHeader,
    response: { 200: messageResponse, ...errorResponses(400) },
  },
  currentUser: {
    tags: ['accounts'],
    summary: 'The signed-in user',
    security: [{ bearerAuth: [] }],
    response: { 200: userSchema, ...errorResponses(401) },
  },
} as const;
