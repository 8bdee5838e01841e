import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, writeProfilesWorkbook } from './export';
import type { ExportRow } from './service';

function row(id: number): ExportRow {
  return {
    applicationId: id,
    fullName: 'Asha Menon',
    contactNumber: '9876543210',
    alternativeContactNumber: '',
    loanType: 'Personal Loan',
    loanAmount: 250000,
    aadhaarNumber: '499118665246',
    panNumber: 'ABCDE1234F',
    bankName: 'State Bank of India',
    accountNumber: '50100123456780',
    ifscCode: 'SBIN0001234',
    fullAddress: '12 MG Road, Ernakulam',
    city: 'Kochi',
    pinCode: '682001',
    state: 'Kerala',
    status: 'paid',
    delivered: id % 2 === 0,
    submittedAt: new Date('2026-01-15T10:00:00Z'),
  };
}

async function* batches(count: number, size: number) {
  for (let b = 0; b < count; b++) {
    // As a database round trip would, let the zip stream reach the consumer between batches.
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield Array.from({ length: size }, (_, i) => row(b * size + i));
  }
}

/** A consumer slower than the producer, so the writer has to wait for 'drain' again and again. */
function slowSink() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk, _encoding, callback) {
      chunks.push(chunk);
      setTimeout(callback, 10);
    },
  });
  return { sink, chunks };
}

describe('writeProfilesWorkbook', () => {
  it('waits for a slow consumer without piling up listeners, and writes every row', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const { sink, chunks } = slowSink();
    const closeListenersBefore = sink.listenerCount('close');

    const result = await writeProfilesWorkbook(sink, batches(40, 50));
    await new Promise<void>((resolve) => sink.end(resolve));
    process.off('warning', onWarning);

    expect(result).toEqual({ rows: 2000, sheets: 1 });
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(sink.listenerCount('drain')).toBe(0);
    expect(sink.listenerCount('close')).toBeLessThanOrEqual(closeListenersBefore + 1);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Profiles')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...EXPORT_HEADERS]);
    expect(sheet.rowCount).toBe(2001);
  });
});
