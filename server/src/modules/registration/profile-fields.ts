import type { Application } from '@loan-portal/api-client';
import type { FieldCipher } from '../../lib/encryption';
import type { ProfileRow } from './tables';

type ProfileFieldsRow = Pick<
  ProfileRow,
  | 'fullName'
  | 'contactNumber'
  | 'alternativeContactNumber'
  | 'panNumber'
  | 'bankName'
  | 'ifscCode'
  | 'fullAddress'
  | 'city'
  | 'state'
  | 'pinCode'
  | 'loanType'
  | 'loanAmount'
>;

/**
 * A profile's fields as the API writes them, with its Aadhaar and account numbers as the reader
 * may see them: full to their owner (ownersProfile), masked to staff (the applicant page).
 */
export function profileFields(
  profile: ProfileFieldsRow,
  numbers: { aadhaar: string; account: string },
): Application['profile'] {
  return {
    full_name: profile.fullName,
    contact_number: profile.contactNumber,
    alternative_contact_number: profile.alternativeContactNumber ?? '',
    aadhaar_number: numbers.aadhaar,
    pan_number: profile.panNumber,
    bank_name: profile.bankName,
    account_number: numbers.account,
    ifsc_code: profile.ifscCode,
    full_address: profile.fullAddress,
    city: profile.city,
    state: profile.state,
    pin_code: profile.pinCode,
    loan_type: profile.loanType,
    loan_amount: profile.loanAmount,
  };
}

/**
 * The profile as its owner reads it, full numbers decrypted: the application's screens and the
 * download of their personal data (data-rights/collect.ts) show the same fields.
 */
export function ownersProfile(
  profile: ProfileFieldsRow & Pick<ProfileRow, 'aadhaarEncrypted' | 'accountEncrypted'>,
  cipher: FieldCipher,
): Application['profile'] {
  return profileFields(profile, {
    aadhaar: cipher.decrypt(profile.aadhaarEncrypted),
    account: cipher.decrypt(profile.accountEncrypted),
  });
}
