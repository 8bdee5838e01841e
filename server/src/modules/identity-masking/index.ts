/**
 * How the back office shows identity numbers (UIDAI's rule for Aadhaar; the same care for bank
 * accounts): the last four digits, which the database keeps in the clear for this and for search,
 * so a masked list decrypts nothing. Full numbers go only to the client who owns them, or to staff
 * through an audited reveal or a superuser's audited export.
 */
export function maskedAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

export function maskedAccount(last4: string): string {
  return `XXXXXX${last4}`;
}

export const REVEALABLE_FIELDS = ['aadhaar_number', 'account_number'] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];
