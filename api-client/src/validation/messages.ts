/**
 * The validation messages of spec section 5, character for character, plus the issue's two.
 * These are the English texts; the yup rules carry their message ids (`validation.<key>`, see
 * VALIDATION_IDS), which the screens and the server translate through the shared catalog
 * (src/locales/*.po, whose English texts a test holds equal to these).
 */
export const VALIDATION_MESSAGES = {
  fullNameRequired: 'Full name is required',
  minTwoCharacters: 'Minimum 2 characters',
  invalidName: 'Please enter a valid name',
  contactNumberRequired: 'Contact number is required',
  invalidMobile: 'Please enter a valid 10-digit mobile number',
  aadhaarRequired: 'Aadhaar number is required',
  invalidAadhaar: 'Please enter a valid 12-digit Aadhaar number',
  panRequired: 'PAN number is required',
  invalidPan: 'Please enter a valid PAN',
  loanAmountRequired: 'Loan amount is required',
  invalidLoanAmount: 'Enter a valid loan amount',
  maxLoanAmount: 'Maximum loan amount is ₹10,00,000',
  loanTypeRequired: 'Please select a loan type',
  bankNameRequired: 'Bank name is required',
  accountNumberRequired: 'Account number is required',
  invalidAccountNumber: 'Enter a valid 9-18 digit account number',
  ifscRequired: 'IFSC code is required',
  invalidIfsc: 'Enter a valid IFSC code (e.g., ABCD0123456)',
  addressRequired: 'Address is required',
  minTenCharacters: 'Minimum 10 characters',
  cityRequired: 'City is required',
  invalidCity: 'Please enter a valid city name',
  pinCodeRequired: 'PIN code is required',
  invalidPinCode: 'Please enter a valid 6-digit PIN code',
  stateRequired: 'Please select your state',
  // Login, signup, password reset. The spec says only "required" for login; these say which.
  mobileRequired: 'Mobile number is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  phoneRequired: 'Phone number is required',
  passwordsDoNotMatch: 'Passwords do not match',
  otpIncomplete: 'Please enter the complete 6-digit OTP',
  passwordTooShort: 'Password must be at least 6 characters long',
  usernameRequired: 'Username is required',
  // The free-text length limits (TEXT_MAX_LENGTH), in the style of 'Minimum 2 characters'.
  max100Characters: 'Maximum 100 characters',
  max150Characters: 'Maximum 150 characters',
  max500Characters: 'Maximum 500 characters',
  resetTokenRequired: 'Reset token is required',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;
export type ValidationId = `validation.${ValidationKey}`;

/** The message id of each validation message: what the yup rules carry as their message. */
export const VALIDATION_IDS = Object.fromEntries(
  Object.keys(VALIDATION_MESSAGES).map((key) => [key, `validation.${key}`]),
) as { readonly [K in ValidationKey]: `validation.${K}` };

/** True for a message id of the validation messages ('validation.fullNameRequired'). */
export function isValidationId(value: unknown): value is ValidationId {
  return (
    typeof value === 'string' &&
    value.startsWith('validation.') &&
    Object.hasOwn(VALIDATION_MESSAGES, value.slice('validation.'.length))
  );
}

/**
 * The English text of a validation message id, for callers that do not translate yet (and for
 * tests); anything that is not such an id comes back unchanged.
 */
export function validationText(idOrText: string): string {
  return isValidationId(idOrText)
    ? VALIDATION_MESSAGES[idOrText.slice('validation.'.length) as ValidationKey]
    : idOrText;
}

/** The id of 'Maximum N characters' for one of the free-text limits. */
export const maxCharactersMessage = (max: 100 | 150 | 500): ValidationId =>
  `validation.max${max}Characters`;
