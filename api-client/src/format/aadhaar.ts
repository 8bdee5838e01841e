function groupsOfFour(text: string): string {
  return text.replace(/(.{4})(?=.)/g, '$1 ');
}

function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** '234567890124' -> '2345 6789 0124'; also formats partial input while it is typed. */
export function formatAadhaar(value: string | null | undefined): string {
  return groupsOfFour(digitsOf(value).slice(0, 12));
}

/** '234567890124' -> 'XXXX XXXX 0124': only the last 4 digits stay visible. */
export function maskAadhaar(value: string | null | undefined): string {
  const digits = digitsOf(value);
  if (digits === '') return '';
  const visible = digits.slice(-4);
  return groupsOfFour('X'.repeat(Math.max(0, digits.length - 4)) + visible);
}
