import { REGISTRATION_STEPS, VALIDATION_IDS } from '@loan-portal/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_FIELDS } from '../features/registration/components/registration-fields';

afterEach(() => {
  vi.doUnmock('./form-schemas');
  vi.resetModules();
});

describe('validateWith', () => {
  it("answers as formik's validationSchema does: each field's first error, blanks as missing", async () => {
    const { validateWith } = await import('./form-rules');
    const validate = validateWith<{ mobile: string; password: string }>(
      (s) => s.loginSchema,
      'mobile',
    );
    expect(await validate({ mobile: '', password: '' })).toEqual({
      mobile: VALIDATION_IDS.mobileRequired,
      password: VALIDATION_IDS.passwordRequired,
    });
    expect(await validate({ mobile: '9876543210', password: 'secret1' })).toEqual({});
  });

  it("checks a signup's confirmation against its password (a rule the server never sees)", async () => {
    const { validateWith } = await import('./form-rules');
    const validate = validateWith<{
      phone_number: string;
      password: string;
      confirm_password: string;
    }>((s) => s.signupDetailsSchema, 'phone_number');
    expect(
      await validate({
        phone_number: '9876543210',
        password: 'secret1',
        confirm_password: 'other',
      }),
    ).toEqual({ confirm_password: VALIDATION_IDS.passwordsDoNotMatch });
  });

  it('refuses the form while the rules cannot be loaded, and loads them at the next check', async () => {
    vi.doMock('./form-schemas', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { RULES_UNAVAILABLE, validateWith } = await import('./form-rules');
    const validate = validateWith<{ mobile: string; password: string }>(
      (s) => s.loginSchema,
      'mobile',
    );
    // Nothing unchecked goes through, valid or not.
    expect(await validate({ mobile: '9876543210', password: 'secret1' })).toEqual({
      mobile: RULES_UNAVAILABLE,
    });
    expect(RULES_UNAVAILABLE).toBe('common.networkError');

    // Back online: the same validator asks for the rules again.
    vi.doUnmock('./form-schemas');
    expect(await validate({ mobile: '', password: '' })).toEqual({
      mobile: VALIDATION_IDS.mobileRequired,
      password: VALIDATION_IDS.passwordRequired,
    });
  });
});

describe('the registration steps', () => {
  it("list each step's fields in the order of the api-client's step schemas", () => {
    // The form marks and focuses these (focusFirstInvalid) without loading the schemas.
    expect(STEP_FIELDS.map((fields) => fields.map((field) => field.name))).toEqual(
      REGISTRATION_STEPS.map((step) => [...step.fields]),
    );
  });
});
