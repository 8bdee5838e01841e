import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { asKolkataWallClock, type DateRange } from './dates';
import type { ExportRow } from './service';

/** Rows an .xlsx sheet can hold, header included (Excel's limit). */
export const XLSX_MAX_ROWS_PER_SHEET = 1_048_576;
export const EXPORT_BATCH_SIZE = 2_000;

const COLUMNS: { header: string; width: number; value: (row: ExportRow) => unknown }[] = [
  { header: 'Application ID', width: 14, value: (r) => r.applicationId },
  { header: 'Full Name', width: 28, value: (r) => r.fullName },
  { header: 'Contact Number', width: 16, value: (r) => r.contactNumber },
  { header: 'Alternative Contact Number', width: 16, value: (r) => r.alternativeContactNumber },
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
  { header: 'Submitted At', width: 20, value: (r) => asKolkataWallClock(r.submittedAt) },
];

export const EXPORT_HEADERS = COLUMNS.map((column) => column.header);

export function exportFileName(range: DateRange): string {
  return `Profiles_${range.from ?? 'start'}_to_${range.to ?? 'end'}.xlsx`;
}

/** Waits for `out` to drain (or close), leaving no listener behind whichever comes first. */
function drainedOrClosed(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Streams the rows into an .xlsx on `out`, batch by batch: each row is committed (written to the
 * zip) as soon as it is added, and the next batch is only fetched once `out` has drained, so
 * memory holds about one batch whatever the size of the export. A sheet that is full continues on
 * "Profiles 2", "Profiles 3", ...
 */
export async function writeProfilesWorkbook(
  out: Writable,
  batches: AsyncIterable<ExportRow[]>,
  options: { rowsPerSheet?: number } = {},
): Promise<{ rows: number; sheets: number }> {
  const dataRowsPerSheet = (options.rowsPerSheet ?? XLSX_MAX_ROWS_PER_SHEET) - 1;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheet: ExcelJS.Worksheet | undefined;
  let sheets = 0;
  let rowsInSheet = 0;
  let rows = 0;

  const openSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(sheets === 1 ? 'Profiles' : `Profiles ${sheets}`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = COLUMNS.map((column) => ({
      header: column.header,
      width: column.width,
      style: column.header === 'Submitted At' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    rowsInSheet = 0;
  };

  openSheet();
  for await (const batch of batches) {
    if (out.destroyed) break; // the caller went away: stop reading the database
    for (const row of batch) {
      if (rowsInSheet === dataRowsPerSheet) openSheet();
      sheet!.addRow(COLUMNS.map((column) => column.value(row))).commit();
      rowsInSheet += 1;
      rows += 1;
    }
    if (out.writableNeedDrain) await drainedOrClosed(out);
  }
  sheet!.commit();
  await workbook.commit();
  return { rows, sheets };
}
