import { boolean, object, string } from 'yup';
import { errorResponses } from '../../plugins/error-handler';
import { pendingSignInResponse, sessionResponse } from '../accounts/schemas';
import { PASSWORD_TOO_SHORT, STAFF_PASSWORD_MIN_LENGTH } from './sign-in-steps';

// --- What is valid, with the messages the screens show (yup, as the other modules do).

const USERNAME_RULE = 'Use 3-150 letters, digits and . _ @ + -';
const noUnknown = 'The request has a field this call does not take.';
const password = (required: string) =>
  string()
    .required(required)
    .min(STAFF_PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
    .max(128, 'Password must be at most 128 characters long');

export const createStaffBody = object({
  username: string()
    .required('Username is required')
    .matches(/^[A-Za-z0-9.@+_-]{3,150}$/, USERNAME_RULE),
  password: password('Temporary password is required'),
}).noUnknown(noUnknown);

export const updateStaffBody = object({
  is_active: boolean().optional(),
  is_superuser: boolean().optional(),
  reset_password: password('Temporary password is required').optional(),
  reset_second_factor: boolean().optional(),
}).noUnknown(noUnknown);

export const settingsBody = object({
  totp_required: boolean().required('totp_required must be true or false'),
}).noUnknown(noUnknown);

const challenge = string().required('Your sign-in has expired. Please sign in again.');
export const changePasswordBody = object({
  challenge,
  new_password: password('Password is required'),
}).noUnknown(noUnknown);

const codeField = string()
  .required('Please enter the complete 6-digit code')
  .max(32, 'Invalid code');
export const codeBody = object({ challenge, code: codeField }).noUnknown(noUnknown);
export const challengeBody = object({ challenge }).noUnknown(noUnknown);
export const enrolConfirmBody = object({ code: codeField }).noUnknown(noUnknown);

// --- JSON schemas: documentation (OpenAPI) and the response serializer.

const security = [{ bearerAuth: [] }];
const staffAccount = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    is_staff: { type: 'boolean' },
    is_superuser: { type: 'boolean' },
    is_active: { type: 'boolean' },
    must_change_password: { type: 'boolean' },
    totp_enabled: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
  },
  required: [
    'id',
    'username',
    'is_staff',
    'is_superuser',
    'is_active',
    'must_change_password',
    'totp_enabled',
    'created_at',
  ],
} as const;
const settings = {
  type: 'object',
  properties: { totp_required: { type: 'boolean' } },
  required: ['totp_required'],
} as const;
const enrolment = {
  type: 'object',
  description: 'Shown once: the secret, its otpauth:// address and that address as a QR code (SVG)',
  properties: {
    secret: { type: 'string' },
    otpauth_uri: { type: 'string' },
    qr_svg: { type: 'string' },
  },
  required: ['secret', 'otpauth_uri', 'qr_svg'],
} as const;
const recoveryCodes = { type: 'array', items: { type: 'string' }, minItems: 10, maxItems: 10 };
const obj = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});
const str = { type: 'string' };
const bool = { type: 'boolean' };
const superuserOnly = errorResponses(400, 401, 403, 500);
const tags = ['staff accounts'];

export const routeSchemas = {
  list: {
    tags,
    summary: 'Every staff account (superuser)',
    security,
    response: { 200: obj({ results: { type: 'array', items: staffAccount } }), ...superuserOnly },
  },
  create: {
    tags,
    summary: 'Create a staff account with a temporary password (superuser, audited)',
    security,
    body: obj({ username: str, password: str }),
    response: { 201: staffAccount, ...superuserOnly, ...errorResponses(409) },
  },
  update: {
    tags,
    summary:
      'Disable or enable, grant or withdraw superuser, reset the password to a temporary one, reset the second factor (TOTP and recovery codes; the sessions end) (superuser, audited; never oneself)',
    security,
    params: obj({ id: { type: 'integer', minimum: 1 } }),
    body: obj(
      { is_active: bool, is_superuser: bool, reset_password: str, reset_second_factor: bool },
      [],
    ),
    response: { 200: staffAccount, ...superuserOnly, ...errorResponses(404, 409) },
  },
  readSettings: {
    tags,
    summary: 'Back-office security settings (superuser)',
    security,
    response: { 200: settings, ...superuserOnly },
  },
  writeSettings: {
    tags,
    summary: 'Require the second factor of every staff account, or not (superuser, audited)',
    security,
    body: settings,
    response: { 200: settings, ...superuserOnly },
  },
  changePassword: {
    tags: ['accounts'],
    summary: 'Sign-in step: replace the temporary password (challenge from the password step)',
    body: obj({ challenge: str, new_password: str }),
    response: {
      200: { type: 'object', anyOf: [sessionResponse, pendingSignInResponse] },
      ...errorResponses(400, 401, 429),
    },
  },
  verifyCode: {
    tags: ['accounts'],
    summary:
      'Sign-in step: a 6-digit TOTP code or a recovery code; failures count towards the admin lockout',
    body: obj({ challenge: str, code: str }),
    response: { 200: sessionResponse, ...errorResponses(400, 401, 429) },
  },
  enrolBySignIn: {
    tags: ['accounts'],
    summary: 'Sign-in step: start setting up the authenticator app (second factor required)',
    body: obj({ challenge: str }),
    response: { 200: enrolment, ...errorResponses(400, 401, 409, 429) },
  },
  confirmBySignIn: {
    tags: ['accounts'],
    summary:
      'Sign-in step: confirm the set-up with a first code; answers the session and the recovery codes (once)',
    body: obj({ challenge: str, code: str }),
    response: {
      200: {
        ...sessionResponse,
        properties: { ...sessionResponse.properties, recovery_codes: recoveryCodes },
        required: ['access', 'user', 'recovery_codes'],
      },
      ...errorResponses(400, 401, 409, 429),
    },
  },
  totpStatus: {
    tags,
    summary: 'Whether the signed-in staff member has the second factor, and whether it is required',
    security,
    response: {
      200: obj({ enabled: bool, required: bool, recovery_codes_left: { type: 'integer' } }),
      ...errorResponses(401, 403),
    },
  },
  enrol: {
    tags,
    summary: 'Start setting up the authenticator app (signed-in staff)',
    security,
    response: { 200: enrolment, ...errorResponses(401, 403, 409) },
  },
  confirm: {
    tags,
    summary: 'Confirm the set-up with a first code; answers the recovery codes (once)',
    security,
    body: obj({ code: str }),
    response: {
      200: obj({ recovery_codes: recoveryCodes }),
      ...errorResponses(400, 401, 403, 409),
    },
  },
} as const;
