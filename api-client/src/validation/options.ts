/** The loan types of the registration form (spec section 1). */
export const LOAN_TYPES = ['Personal Loan', 'Home Loan', 'Educational Loan', 'Car Loan'] as const;
export type LoanType = (typeof LOAN_TYPES)[number];

/** The 28 states, then the 9 union territories (spec section 3). */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Puducherry',
  'Chandigarh',
  'Andaman and Nicobar Islands',
  'Dadra and Nagar Haveli',
  'Daman and Diu',
  'Lakshadweep',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

export const DEFAULT_STATE: IndianState = 'Kerala';

export const MAX_LOAN_AMOUNT = 1_000_000;
export const OTP_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;

/**
 * The longest value of each free-text profile field; the spec gives none. The names, bank and city
 * are the server's column lengths; 500 characters hold any postal address and keep the
 * review dialog and an export cell readable. The form shows these as a message under the field,
 * not as the input's maxLength, so a pasted value that is too long is never cut short unseen.
 */
export const TEXT_MAX_LENGTH = {
  full_name: 150,
  bank_name: 150,
  full_address: 500,
  city: 100,
} as const;

/** The inputs' maxLength attributes of spec section 5. */
export const FIELD_MAX_LENGTH = {
  contact_number: 10,
  alternative_contact_number: 10,
  aadhaar_number: 14,
  pan_number: 10,
  loan_amount: 7,
  account_number: 18,
  ifsc_code: 11,
  pin_code: 6,
  otp: OTP_LENGTH,
} as const;
