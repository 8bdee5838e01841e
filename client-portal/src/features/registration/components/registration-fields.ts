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
  /** Message id of the label (the portal's catalog). */
  label: string;
  kind?: 'text' | 'select';
  /** Message id of the placeholder. */
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
      label: /*i18n*/ 'field.fullName',
      placeholder: /*i18n*/ 'register.placeholder.fullName',
      autoComplete: 'name',
    },
    {
      name: 'contact_number',
      label: /*i18n*/ 'field.contactNumber',
      type: 'tel',
      inputMode: 'numeric',
      autoComplete: 'tel-national',
      maxLength: FIELD_MAX_LENGTH.contact_number,
      placeholder: /*i18n*/ 'auth.mobilePlaceholder',
    },
    {
      name: 'aadhaar_number',
      label: /*i18n*/ 'field.aadhaarNumber',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.aadhaar_number,
      placeholder: /*i18n*/ 'register.placeholder.aadhaar',
      transform: 'aadhaar',
    },
    {
      name: 'pan_number',
      label: /*i18n*/ 'field.panNumber',
      maxLength: FIELD_MAX_LENGTH.pan_number,
      placeholder: /*i18n*/ 'register.placeholder.pan',
      transform: 'upper',
    },
    {
      name: 'loan_amount',
      label: /*i18n*/ 'field.loanAmountRupees',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.loan_amount,
      placeholder: /*i18n*/ 'register.placeholder.loanAmount',
    },
    {
      name: 'loan_type',
      label: /*i18n*/ 'field.loanType',
      kind: 'select',
      options: LOAN_TYPES,
      placeholder: /*i18n*/ 'register.placeholder.loanType',
    },
  ],
  [
    {
      name: 'bank_name',
      label: /*i18n*/ 'field.bankName',
      placeholder: /*i18n*/ 'register.placeholder.bankName',
      wide: true,
    },
    {
      name: 'account_number',
      label: /*i18n*/ 'field.accountNumber',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.account_number,
      placeholder: /*i18n*/ 'register.placeholder.accountNumber',
    },
    {
      name: 'ifsc_code',
      label: /*i18n*/ 'field.ifscCode',
      maxLength: FIELD_MAX_LENGTH.ifsc_code,
      placeholder: /*i18n*/ 'register.placeholder.ifsc',
      transform: 'upper',
    },
  ],
  [
    {
      name: 'full_address',
      label: /*i18n*/ 'field.address',
      placeholder: /*i18n*/ 'register.placeholder.address',
      autoComplete: 'street-address',
      wide: true,
    },
    {
      name: 'alternative_contact_number',
      label: /*i18n*/ 'field.alternativeContactNumber',
      type: 'tel',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.alternative_contact_number,
      placeholder: /*i18n*/ 'register.placeholder.optional',
      optional: true,
    },
    {
      name: 'city',
      label: /*i18n*/ 'field.city',
      autoComplete: 'address-level2',
      placeholder: /*i18n*/ 'register.placeholder.city',
    },
    {
      name: 'pin_code',
      label: /*i18n*/ 'field.pinCode',
      inputMode: 'numeric',
      maxLength: FIELD_MAX_LENGTH.pin_code,
      autoComplete: 'postal-code',
      placeholder: /*i18n*/ 'register.placeholder.pinCode',
    },
    { name: 'state', label: /*i18n*/ 'field.state', kind: 'select', options: INDIAN_STATES },
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
