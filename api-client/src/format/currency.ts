const RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const RUPEES_WITH_PAISE = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toAmount(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const amount = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
  return Number.isFinite(amount) ? amount : undefined;
}

/** A loan amount: '₹10,00,000' (en-IN grouping, no decimals), or 'N/A' when there is none. */
export function formatRupees(value: number | string | null | undefined): string {
  const amount = toAmount(value);
  return amount === undefined ? 'N/A' : `₹${RUPEES.format(amount)}`;
}

/** A fee with paise, as the payment screen shows it: '₹199.00'. */
export function formatFee(value: number | string | null | undefined): string {
  const amount = toAmount(value);
  return amount === undefined ? 'N/A' : `₹${RUPEES_WITH_PAISE.format(amount)}`;
}
