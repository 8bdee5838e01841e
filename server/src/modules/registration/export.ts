import type { Writable } from 'node:stream';
import { writeXlsx, XLSX_MAX_ROWS_PER_SHEET, type XlsxColumn } from '../../lib/xlsx-stream';
import { asKolkataWallClock, type DateRange } from './dates';
import type { ExportRow } from './service';

export { XLSX_MAX_ROWS_PER_SHEET } from '../../lib/xlsx-stream';
/** Rows per database round trip; the next batch is read while one is written, so two are held. */
export const EXPORT_BATCH_SIZE = 1_000;

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: 'Application ID', width: 14, value: (r) => r.applicationId },
  { header: 'Full Name', width: 28, value: (r) => r.fullName },
  { header: 'Contact Number', width: 16, value: (r) => r.contactNumber },
  {
    header: 'Alternative Contact Number',
    width: 16,
    value: (r) => r.alternativeContactNumber,
  },
  { header: 'Loan Type', width: 18, value: (r) => r.loanType },
  { header: 'Loan Amount', width: 14, value: (r) => r.loanAmount },
  // Long digit strings stay text: as numbers Excel would round them and drop leading zeros.
  { header: 'Aadhaar Number', width: 16, value: (r) => r.aadhaarNumber },
  { header: 'PAN Number', width: 13, value: (r) => r.panNumber },
  { header: 'Bank Name', width: 26, value: (r) => r.bankName },
  { header: 'Account Number', width: 20, value: (r) => r.accountNumber },
  { header: 'IFSC Code', width: 13, value: (r) => r.ifscCode },
  { header: 'Full Address', width: 40, value: (r) => r.fullAddress },
  { header: 'City', width: 16, value: (r) => r.city },
  { header: 'PIN Code', width: 10, value: (r) => r.pinCode },
  { header: 'State', width: 18, value: (r) => r.state },
  { header: 'Status', width: 16, value: (r) => r.status },
  { header: 'Delivered', width: 10, value: (r) => (r.delivered ? 'Yes' : 'No') },
  // Spreadsheet dates carry no zone: write the Kolkata wall-clock time the staff work in.
  {
    header: 'Submitted At',
    width: 20,
    value: (r) => asKolkataWallClock(r.submittedAt),
  },
];

export const EXPORT_HEADERS = COLUMNS.map((column) => column.header);

export function exportFileName(range: DateRange): string {
  return `Profiles_${range.from ?? 'start'}_to_${range.to ?? 'end'}.xlsx`;
}

/**
 * Streams the rows into an .xlsx on `out` and ends it, pulling each batch only when the
 * compressor and `out` have taken the previous one, so memory holds about one batch whatever
 * the size of the export. A full sheet continues on "Profiles 2", "Profiles 3", ...
 */
export function writeProfilesWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRow[]>,
  options: { rowsPerSheet?: number } = {},
): Promise<{ rows: number; sheets: number }> {
  return writeXlsx(out, COLUMNS, batches, {
    sheetName: 'Profiles',
    rowsPerSheet: options.rowsPerSheet ?? XLSX_MAX_ROWS_PER_SHEET,
  });
}
