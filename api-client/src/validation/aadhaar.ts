// Verhoeff's dihedral-group tables: the check digit Aadhaar numbers carry in their last place.
const MULTIPLY = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERMUTE = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff's running check over the digits; `offset` 1 leaves room for a digit still to come. */
function verhoeffChecksum(digits: string, offset: 0 | 1): number {
  let check = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i += 1) {
    check = MULTIPLY[check]![PERMUTE[(i + offset) % 8]![Number(reversed[i])]!]!;
  }
  return check;
}

/** True when a digit string ends in a valid Verhoeff check digit. */
export function hasValidVerhoeffCheckDigit(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffChecksum(digits, 0) === 0;
}

/** The Verhoeff check digit to append to a digit string (for generating valid test data). */
export function verhoeffCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('verhoeffCheckDigit expects digits only');
  return String(INVERSE[verhoeffChecksum(digits, 1)]);
}

/** 12 digits (optionally as 4-4-4 groups), first digit 2-9, valid Verhoeff check digit. */
export function isValidAadhaar(value: string): boolean {
  if (!/^\d{4} ?\d{4} ?\d{4}$/.test(value)) return false;
  const digits = value.replace(/ /g, '');
  return /^[2-9]/.test(digits) && hasValidVerhoeffCheckDigit(digits);
}
