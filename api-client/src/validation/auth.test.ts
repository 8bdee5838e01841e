import { describe, expect, it, test } from 'vitest';
import { messageFor } from '../test/yup';
import {
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
} from './auth';

type Case = [string, Record<string, unknown>, string, string | undefined];

const login = { mobile: '9876543210', password: 'secret1' };
const signup = { phone_number: '9876543210', password: 'secret1', confirm_password: 'secret1' };
const reset = { new_password: 'secret1', confirm_password: 'secret1' };

describe.each<[string, Parameters<typeof messageFor>[0], Case[]]>([
  [
    'login',
    loginSchema,
    [
      ['mobile', login, '', 'Mobile number is required'],
      ['mobile', login, '9876543210', undefined],
      ['password', login, '', 'Password is required'],
      ['password', login, 'x', undefined],
    ],
  ],
  [
    'admin login',
    adminLoginSchema,
    [
      ['username', { username: 'staff', password: 'p' }, '', 'Username is required'],
      ['username', { username: 'staff', password: 'p' }, 'staff', undefined],
      ['password', { username: 'staff', password: 'p' }, '', 'Password is required'],
    ],
  ],
  [
    'signup step 1',
    signupDetailsSchema,
    [
      ['phone_number', signup, '', 'Phone number is required'],
      ['phone_number', signup, '1234567890', 'Please enter a valid 10-digit mobile number'],
      ['phone_number', signup, '6123456789', undefined],
      ['password', signup, '', 'Password is required'],
      ['password', signup, '12345', 'Password must be at least 6 characters long'],
      ['password', signup, '123456', undefined],
      ['confirm_password', signup, '', 'Please confirm your password'],
      ['confirm_password', signup, 'secret2', 'Passwords do not match'],
      ['confirm_password', signup, 'secret1', undefined],
    ],
  ],
  [
    'otp',
    otpSchema,
    [
      ['otp', {}, '', 'Please enter the complete 6-digit OTP'],
      ['otp', {}, '12345', 'Please enter the complete 6-digit OTP'],
      ['otp', {}, '12345a', 'Please enter the complete 6-digit OTP'],
      ['otp', {}, '1234567', 'Please enter the complete 6-digit OTP'],
      ['otp', {}, '012345', undefined],
    ],
  ],
  [
    'forgot password',
    forgotPasswordSchema,
    [
      ['phone_number', {}, '', 'Phone number is required'],
      ['phone_number', {}, '98765', 'Please enter a valid 10-digit mobile number'],
      ['phone_number', {}, '9876543210', undefined],
    ],
  ],
  [
    'reset password',
    resetPasswordFormSchema,
    [
      ['new_password', reset, '', 'Password is required'],
      ['new_password', reset, 'abc', 'Password must be at least 6 characters long'],
      ['new_password', reset, 'abcdef', undefined],
      ['confirm_password', reset, '', 'Please confirm your password'],
      ['confirm_password', reset, 'secret9', 'Passwords do not match'],
      ['confirm_password', reset, 'secret1', undefined],
    ],
  ],
])('%s schema', (_name, schema, cases) => {
  test.each(cases)('%s on %j = %j -> %s', (field, base, value, message) => {
    expect(messageFor(schema, { ...base, [field]: value }, field)).toBe(message);
  });
});

describe('wire schemas the server checks bodies with', () => {
  it('accepts the bodies the endpoints send', () => {
    expect(sendOtpSchema.isValidSync({ mobile: '9876543210' })).toBe(true);
    expect(
      signupPayloadSchema.isValidSync({
        phone_number: '9876543210',
        password: 'secret1',
        otp: '123456',
      }),
    ).toBe(true);
    expect(
      passwordResetVerifySchema.isValidSync({ phone_number: '9876543210', otp: '123456' }),
    ).toBe(true);
    expect(
      resetPasswordPayloadSchema.isValidSync({
        phone_number: '9876543210',
        reset_token: 'token',
        new_password: 'secret1',
      }),
    ).toBe(true);
    expect(loginSchema.isValidSync(login)).toBe(true);
  });

  it('rejects a short OTP or a short password in the bodies', () => {
    expect(
      messageFor(
        signupPayloadSchema,
        { phone_number: '9876543210', password: 'secret1', otp: '12' },
        'otp',
      ),
    ).toBe('Please enter the complete 6-digit OTP');
    expect(
      messageFor(
        resetPasswordPayloadSchema,
        { phone_number: '9876543210', reset_token: 't', new_password: '123' },
        'new_password',
      ),
    ).toBe('Password must be at least 6 characters long');
    expect(messageFor(sendOtpSchema, { mobile: '' }, 'mobile')).toBe('Phone number is required');
  });

  it('the full signup form needs both steps', () => {
    expect(signupFormSchema.isValidSync({ ...signup, otp: '123456' })).toBe(true);
    expect(signupFormSchema.isValidSync(signup)).toBe(false);
  });
});
