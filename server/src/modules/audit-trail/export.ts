import type { Writable } from 'node:stream';
import { auditActionLabel } from '@loan-portal/api-client';
import { writeXlsx, type XlsxColumn } from '../../lib/xlsx-stream';
import { asKolkataWallClock, type DateRange } from '../registration/dates';
import { type AuditRow, applicantIdOf } from './query';

export const AUDIT_EXPORT_BATCH_SIZE = 1_000;

const COLUMNS: XlsxColumn<AuditRow>[] = [
  { header: 'Entry ID', width: 10, value: (r) => r.id },
  // Spreadsheet dates carry no zone: the Kolkata wall-clock time the staff work in.
  { header: 'Time (IST)', width: 20, value: (r) => asKolkataWallClock(r.createdAt) },
  {
    header: 'Actor',
    width: 20,
    value: (r) => r.actorUsername ?? (r.actorUserId ? `#${r.actorUserId}` : ''),
  },
  { header: 'Action', width: 26, value: (r) => auditActionLabel(r.action) },
  { header: 'Action Code', width: 28, value: (r) => r.action },
  { header: 'Application ID', width: 14, value: (r) => applicantIdOf(r) },
  { header: 'Subject', width: 24, value: (r) => r.subject },
  { header: 'Details', width: 50, value: (r) => (r.details ? JSON.stringify(r.details) : '') },
  { header: 'IP Address', width: 18, value: (r) => r.ip },
];

export const AUDIT_EXPORT_HEADERS = COLUMNS.map((column) => column.header);

export function auditExportFileName(range: DateRange): string {
  return `Audit_${range.from ?? 'start'}_to_${range.to ?? 'end'}.xlsx`;
}

export function writeAuditWorkbook(out: Writable, batches: AsyncIterable<AuditRow[]>) {
  return writeXlsx(out, COLUMNS, batches, { sheetName: 'Audit' });
}
