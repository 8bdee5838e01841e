import {
  DEFAULT_STATE,
  FIELD_MAX_LENGTH,
  INDIAN_STATES,
  LOAN_TYPES,
  type ProfileFormValues,
} from '../../../lib/shared';

export type FieldName = keyof ProfileFormValues & string;

export interface FieldSpec {
  name: FieldName;
  label: string;
  kind?: 'text' | 'select';
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  type?: 'text' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  options?: readonly string[];
  optional?: boolean;
  /** Applied to every keystroke (e.g. upper-case PAN, Aadhaar in groups of 4). */
  transform?: 'upper' | 'aadhaar';
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

/** The fields of each step, in the order of the api-client's step schemas. */
export const STEP_FIELDS: readonly (readonly FieldSpec[])[] = [
  [
    {
      name: 'full_name',
      label: 'Full Name',
      placeholder: 'As on your Aadhaar card',
      autoComplete: 'name',
    },
    {
      name: 'contact_number',
      label: 'Contact Number',
      type: 'tel',
      inputMode: 'numeric',
      autoComplete: 'tel-national',
      maxLength: FIELD_MAX_LENGTH.contact_number,
      placeholder: '10-digit mobile number',
    },
    {
      name: 'aadhaar_number',
      label: 'Aadhaar Number',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.aadhaar_number,
      placeholder: 'XXXX XXXX XXXX',
      transform: 'aadhaar',
    },
    {
      name: 'pan_number',
      label: 'PAN Number',
      maxLength: FIELD_MAX_LENGTH.pan_number,
      placeholder: 'ABCDE1234F',
      transform: 'upper',
    },
    {
      name: 'loan_amount',
      label: 'Loan Amount (₹)',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.loan_amount,
      placeholder: 'Enter amount (max 10,00,000)',
    },
    {
      name: 'loan_type',
      label: 'Loan Type',
      kind: 'select',
      options: LOAN_TYPES,
      placeholder: 'Select loan type',
    },
  ],
  [
    { name: 'bank_name', label: 'Bank Name', placeholder: 'e.g. State Bank of India', wide: true },
    {
      name: 'account_number',
      label: 'Account Number',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.account_number,
      placeholder: '9-18 digit account number',
    },
    {
      name: 'ifsc_code',
      label: 'IFSC Code',
      maxLength: FIELD_MAX_LENGTH.ifsc_code,
      placeholder: 'ABCD0123456',
      transform: 'upper',
    },
  ],
  [
    {
      name: 'full_address',
      label: 'Address',
      placeholder: 'House, street, area',
      autoComplete: 'street-address',
      wide: true,
    },
    {
      name: 'alternative_contact_number',
      label: 'Alternative Contact Number',
      type: 'tel',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.alternative_contact_number,
      placeholder: 'Optional',
      optional: true,
    },
    { name: 'city', label: 'City', autoComplete: 'address-level2', placeholder: 'e.g. Kochi' },
    {
      name: 'pin_code',
      label: 'PIN Code',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.pin_code,
      autoComplete: 'postal-code',
      placeholder: '6-digit PIN code',
    },
    { name: 'state', label: 'State', kind: 'select', options: INDIAN_STATES },
  ],
];

export const INITIAL_VALUES: ProfileFormValues = {
  full_name: '',
  contact_number: '',
  aadhaar_number: '',
  pan_number: '',
  loan_amount: '',
  loan_type: '' as ProfileFormValues['loan_type'],
  bank_name: '',
  account_number: '',
  ifsc_code: '',
  full_address: '',
  alternative_contact_number: '',
  city: '',
  pin_code: '',
  state: DEFAULT_STATE,
};
