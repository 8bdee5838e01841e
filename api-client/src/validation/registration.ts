import { type InferType, object, string } from 'yup';
import { isValidAadhaar } from './aadhaar';
import { VALIDATION_IDS as M, maxCharactersMessage } from './messages';
import { INDIAN_STATES, LOAN_TYPES, MAX_LOAN_AMOUNT, TEXT_MAX_LENGTH } from './options';

// Letters and spaces, with at least one letter so that blank input is not a name.
const LETTERS_AND_SPACES = /^(?=.*[A-Za-z])[A-Za-z ]+$/;
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
const LOAN_AMOUNT_PATTERN = /^[1-9]\d{0,6}$/;
const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

/** A free-text field's length limit, checked after the spec's own rules so theirs show first. */
const withinMaxLength = (field: keyof typeof TEXT_MAX_LENGTH) =>
  [TEXT_MAX_LENGTH[field], maxCharactersMessage(TEXT_MAX_LENGTH[field])] as const;

/** Shared by the signup and forgot-password phone fields. */
export const mobileNumber = (requiredMessage: string) =>
  string().required(requiredMessage).matches(MOBILE_PATTERN, M.invalidMobile);

/** Step 1, 'Personal Information'. */
export const personalStepSchema = object({
  full_name: string()
    .required(M.fullNameRequired)
    .min(2, M.minTwoCharacters)
    .matches(LETTERS_AND_SPACES, M.invalidName)
    .max(...withinMaxLength('full_name')),
  contact_number: mobileNumber(M.contactNumberRequired),
  aadhaar_number: string()
    .required(M.aadhaarRequired)
    .test('aadhaar', M.invalidAadhaar, (value) => !value || isValidAadhaar(value)),
  pan_number: string().required(M.panRequired).matches(PAN_PATTERN, M.invalidPan),
  loan_amount: string()
    .required(M.loanAmountRequired)
    .matches(LOAN_AMOUNT_PATTERN, M.invalidLoanAmount)
    // Only once the format is right, so a malformed amount gets exactly one message.
    .test(
      'max-loan-amount',
      M.maxLoanAmount,
      (value) => !value || !LOAN_AMOUNT_PATTERN.test(value) || Number(value) <= MAX_LOAN_AMOUNT,
    ),
  loan_type: string().required(M.loanTypeRequired).oneOf(LOAN_TYPES, M.loanTypeRequired),
});

/** Step 2, 'Bank Information'. */
export const bankStepSchema = object({
  bank_name: string()
    .required(M.bankNameRequired)
    .min(2, M.minTwoCharacters)
    .max(...withinMaxLength('bank_name')),
  account_number: string()
    .required(M.accountNumberRequired)
    .matches(ACCOUNT_NUMBER_PATTERN, M.invalidAccountNumber),
  ifsc_code: string().required(M.ifscRequired).matches(IFSC_PATTERN, M.invalidIfsc),
});

/** Step 3, 'Address Information'. */
export const addressStepSchema = object({
  full_address: string()
    .required(M.addressRequired)
    .min(10, M.minTenCharacters)
    .max(...withinMaxLength('full_address')),
  // Optional (spec section 5): absent, empty and JSON null all mean "no alternative number".
  alternative_contact_number: string()
    .optional()
    .nullable()
    .matches(MOBILE_PATTERN, { message: M.invalidMobile, excludeEmptyString: true }),
  city: string()
    .required(M.cityRequired)
    .min(2, M.minTwoCharacters)
    .matches(LETTERS_AND_SPACES, M.invalidCity)
    .max(...withinMaxLength('city')),
  pin_code: string().required(M.pinCodeRequired).matches(PIN_CODE_PATTERN, M.invalidPinCode),
  state: string().required(M.stateRequired).oneOf(INDIAN_STATES, M.stateRequired),
});

/** The whole profile: what the form submits and what the server validates. */
export const profileSchema = personalStepSchema.concat(bankStepSchema).concat(addressStepSchema);
export type ProfileFormValues = InferType<typeof profileSchema>;

export const REGISTRATION_STEPS = [
  {
    title: 'Personal Information',
    description: 'Basic details and identity',
    schema: personalStepSchema,
    fields: Object.keys(personalStepSchema.fields) as (keyof typeof personalStepSchema.fields)[],
  },
  {
    title: 'Bank Information',
    description: 'Your banking details',
    schema: bankStepSchema,
    fields: Object.keys(bankStepSchema.fields) as (keyof typeof bankStepSchema.fields)[],
  },
  {
    title: 'Address Information',
    description: 'Contact and location details',
    schema: addressStepSchema,
    fields: Object.keys(addressStepSchema.fields) as (keyof typeof addressStepSchema.fields)[],
  },
] as const;
