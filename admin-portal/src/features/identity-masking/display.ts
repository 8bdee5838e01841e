import { formatAadhaar } from '@loan-portal/api-client';

/** A masked number ('XXXX XXXX 1234') as the server sent it; a full Aadhaar in groups of four. */
export function displayAadhaar(value: string | null | undefined): string {
  if (value?.includes('X')) return value;
  return formatAadhaar(value);
}
