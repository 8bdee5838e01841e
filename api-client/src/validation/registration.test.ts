import { describe, expect, expectTypeOf, it, test } from 'vitest';
import { messageFor } from '../test/yup';
import type { ProfilePayload } from '../types/registration';
import { hasValidVerhoeffCheckDigit, isValidAadhaar, verhoeffCheckDigit } from './aadhaar';
import { DEFAULT_STATE, INDIAN_STATES, LOAN_TYPES } from './options';
import {
  addressStepSchema,
  bankStepSchema,
  type ProfileFormValues,
  personalStepSchema,
  profileSchema,
  REGISTRATION_STEPS,
} from './registration';

const valid = {
  full_name: 'Anita Nair',
  contact_number: '9876543210',
  aadhaar_number: '2345 6789 0124',
  pan_number: 'ABCDE1234F',
  loan_amount: '500000',
  loan_type: 'Home Loan',
  bank_name: 'State Bank of India',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  full_address: '12 MG Road, Ernakulam',
  alternative_contact_number: '',
  city: 'Kochi',
  pin_code: '682011',
  state: 'Kerala',
};

describe('profile schema: each rule fails with its exact message', () => {
  test.each([
    ['full_name', '', 'Full name is required'],
    ['full_name', 'A', 'Minimum 2 characters'],
    ['full_name', 'R2 D2', 'Please enter a valid name'],
    ['full_name', '   ', 'Please enter a valid name'],
    ['contact_number', '', 'Contact number is required'],
    ['contact_number', '5876543210', 'Please enter a valid 10-digit mobile number'],
    ['contact_number', '987654321', 'Please enter a valid 10-digit mobile number'],
    ['contact_number', '98765432101', 'Please enter a valid 10-digit mobile number'],
    ['aadhaar_number', '', 'Aadhaar number is required'],
    ['aadhaar_number', '2345 6789 012', 'Please enter a valid 12-digit Aadhaar number'],
    ['aadhaar_number', '2345-6789-0124', 'Please enter a valid 12-digit Aadhaar number'],
    ['aadhaar_number', '23456 789 0124', 'Please enter a valid 12-digit Aadhaar number'],
    // valid Verhoeff digit, but Aadhaar numbers never start with 0 or 1
    ['aadhaar_number', '123456789014', 'Please enter a valid 12-digit Aadhaar number'],
    // right shape, wrong check digit
    ['aadhaar_number', '234567890120', 'Please enter a valid 12-digit Aadhaar number'],
    ['pan_number', '', 'PAN number is required'],
    ['pan_number', 'abcde1234f', 'Please enter a valid PAN'],
    ['pan_number', 'ABCD1234FG', 'Please enter a valid PAN'],
    ['loan_amount', '', 'Loan amount is required'],
    ['loan_amount', '050000', 'Enter a valid loan amount'],
    ['loan_amount', '50,000', 'Enter a valid loan amount'],
    ['loan_amount', '12345678', 'Enter a valid loan amount'],
    ['loan_amount', '1000001', 'Maximum loan amount is ₹10,00,000'],
    ['loan_amount', '9999999', 'Maximum loan amount is ₹10,00,000'],
    ['loan_type', '', 'Please select a loan type'],
    ['loan_type', 'Gold Loan', 'Please select a loan type'],
    ['bank_name', '', 'Bank name is required'],
    ['bank_name', 'X', 'Minimum 2 characters'],
    ['account_number', '', 'Account number is required'],
    ['account_number', '12345678', 'Enter a valid 9-18 digit account number'],
    ['account_number', '1234567890123456789', 'Enter a valid 9-18 digit account number'],
    ['account_number', '12345678A', 'Enter a valid 9-18 digit account number'],
    ['ifsc_code', '', 'IFSC code is required'],
    ['ifsc_code', 'SBIN1001234', 'Enter a valid IFSC code (e.g., ABCD0123456)'],
    ['ifsc_code', 'sbin0001234', 'Enter a valid IFSC code (e.g., ABCD0123456)'],
    ['ifsc_code', 'SBIN000123', 'Enter a valid IFSC code (e.g., ABCD0123456)'],
    ['full_address', '', 'Address is required'],
    ['full_address', 'MG Road', 'Minimum 10 characters'],
    ['alternative_contact_number', '12345', 'Please enter a valid 10-digit mobile number'],
    ['alternative_contact_number', '4876543210', 'Please enter a valid 10-digit mobile number'],
    ['city', '', 'City is required'],
    ['city', 'K', 'Minimum 2 characters'],
    ['city', 'Kochi 2', 'Please enter a valid city name'],
    ['pin_code', '', 'PIN code is required'],
    ['pin_code', '082011', 'Please enter a valid 6-digit PIN code'],
    ['pin_code', '68201', 'Please enter a valid 6-digit PIN code'],
    ['state', '', 'Please select your state'],
    ['state', 'Atlantis', 'Please select your state'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(messageFor(profileSchema, { ...valid, [field]: value }, field)).toBe(message);
  });
});

describe('profile schema: free-text fields have a maximum length', () => {
  test.each([
    ['full_name', 150],
    ['bank_name', 150],
    ['full_address', 500],
    ['city', 100],
  ])('%s: %i characters at most', (field, max) => {
    expect(
      messageFor(profileSchema, { ...valid, [field]: 'A'.repeat(max) }, field),
    ).toBeUndefined();
    expect(messageFor(profileSchema, { ...valid, [field]: 'A'.repeat(max + 1) }, field)).toBe(
      `Maximum ${max} characters`,
    );
  });
});

describe('profile schema: values each rule accepts', () => {
  test.each([
    ['full_name', 'Jo'],
    ['full_name', 'Anita Nair'],
    ['contact_number', '6000000000'],
    ['contact_number', '9999999999'],
    ['aadhaar_number', '234567890124'],
    ['aadhaar_number', '9876 5432 1096'],
    ['pan_number', 'ABCDE1234F'],
    ['loan_amount', '1'],
    ['loan_amount', '1000000'],
    ['loan_type', 'Personal Loan'],
    ['loan_type', 'Car Loan'],
    ['bank_name', 'HD'],
    ['account_number', '123456789'],
    ['account_number', '123456789012345678'],
    ['ifsc_code', 'ABCD0123456'],
    ['ifsc_code', 'HDFC0ABC123'],
    ['full_address', '1234567890'],
    ['alternative_contact_number', ''],
    ['alternative_contact_number', undefined],
    // A client that sends JSON null for "no number" means the same as leaving it empty.
    ['alternative_contact_number', null],
    ['alternative_contact_number', '7012345678'],
    ['city', 'New Delhi'],
    ['pin_code', '110001'],
    ['state', 'Lakshadweep'],
    ['state', 'Andhra Pradesh'],
  ])('%s = %j is valid', (field, value) => {
    expect(messageFor(profileSchema, { ...valid, [field]: value }, field)).toBeUndefined();
  });

  it('accepts the whole valid profile', () => {
    expect(profileSchema.isValidSync(valid)).toBe(true);
  });

  it('accepts a null alternative contact number as the server validates, strictly', () => {
    const values = { ...valid, alternative_contact_number: null };
    expect(profileSchema.isValidSync(values, { strict: true })).toBe(true);
    expect(addressStepSchema.isValidSync(values, { strict: true })).toBe(true);
  });
});

describe('registration steps', () => {
  it('each step checks only its own fields, and together they cover the whole profile', () => {
    expect(personalStepSchema.isValidSync({ ...valid, bank_name: '' })).toBe(true);
    expect(bankStepSchema.isValidSync({ ...valid, full_name: '' })).toBe(true);
    expect(addressStepSchema.isValidSync({ ...valid, pan_number: '' })).toBe(true);
    expect(REGISTRATION_STEPS.map((step) => step.title)).toEqual([
      'Personal Information',
      'Bank Information',
      'Address Information',
    ]);
    expect(REGISTRATION_STEPS.flatMap((step) => step.fields).sort()).toEqual(
      Object.keys(valid).sort(),
    );
  });

  it('produces values the submit call accepts', () => {
    expectTypeOf<
      ProfileFormValues & Pick<ProfilePayload, 'consent_notice_version'>
    >().toExtend<ProfilePayload>();
  });
});

describe('options', () => {
  it('lists the four loan types and the 37 states and union territories, Kerala by default', () => {
    expect(LOAN_TYPES).toEqual(['Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan']);
    expect(INDIAN_STATES).toHaveLength(37);
    expect(new Set(INDIAN_STATES).size).toBe(37);
    expect(INDIAN_STATES[0]).toBe('Andhra Pradesh');
    expect(INDIAN_STATES.at(-1)).toBe('Lakshadweep');
    expect(INDIAN_STATES).toEqual(
      expect.arrayContaining([
        'Delhi',
        'Jammu and Kashmir',
        'Ladakh',
        'Puducherry',
        'Chandigarh',
        'Andaman and Nicobar Islands',
        'Dadra and Nagar Haveli',
        'Daman and Diu',
      ]),
    );
    expect(DEFAULT_STATE).toBe('Kerala');
  });
});

describe('isValidAadhaar', () => {
  it('checks the Verhoeff digit of every position', () => {
    const base = '98765432109';
    const valids = [...'0123456789'].filter((d) => isValidAadhaar(base + d));
    expect(valids).toEqual(['6']);
  });

  // Known-good numbers guard the tables themselves: a wrong row still yields one valid digit per
  // prefix (above) while rejecting real numbers. UIDAI's published sample exercises row 4.
  it.each(['499118665246', '4991 1866 5246'])('accepts UIDAI sample %s', (value) => {
    expect(isValidAadhaar(value)).toBe(true);
  });

  it.each([
    ['2363', true],
    ['2364', false],
    ['123451', true],
  ])('Verhoeff reference vector %s -> %s', (digits, valid) => {
    expect(hasValidVerhoeffCheckDigit(digits)).toBe(valid);
  });
});

describe('verhoeffCheckDigit', () => {
  it('computes the digit that makes a number valid (published examples)', () => {
    expect(verhoeffCheckDigit('236')).toBe('3');
    expect(hasValidVerhoeffCheckDigit('2363')).toBe(true);
    expect(hasValidVerhoeffCheckDigit('2364')).toBe(false);
    expect(verhoeffCheckDigit('12345')).toBe('1');
    // Long numbers exercise every row of the permutation table (UIDAI's published samples).
    expect(hasValidVerhoeffCheckDigit('999999990019')).toBe(true);
    expect(hasValidVerhoeffCheckDigit('499118665246')).toBe(true);
    expect(verhoeffCheckDigit('49911866524')).toBe('6');
    expect(hasValidVerhoeffCheckDigit('499118665247')).toBe(false);
  });
});
