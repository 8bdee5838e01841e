import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, writeProfilesWorkbook } from './export';
import type { ExportRow } from './service';

function row(id: number, overrides: Partial<ExportRow> = {}): ExportRow {
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
    ...overrides,
  };
}

/** A batch source that counts what was pulled from it and whether it was closed early. */
function source(count: number, size: number) {
  const state = { pulled: 0, closed: false };
  async function* batches() {
    try {
      for (let b = 0; b < count; b++) {
        // As a database round trip would, let the streams move between batches.
        await new Promise((resolve) => setImmediate(resolve));
        state.pulled += 1;
        yield Array.from({ length: size }, (_, i) => row(b * size + i + 1));
      }
    } finally {
      state.closed = state.pulled < count;
    }
  }
  return { batches: batches(), state };
}

function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

async function readSheets(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets;
}

function values(sheet: ExcelJS.Worksheet, rowNumber: number): unknown[] {
  return (sheet.getRow(rowNumber).values as unknown[]).slice(1);
}

/** Resolves once `check` holds, looking again after each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Resolves once `read()` has kept its value over ten timer turns in a row (zlib compresses on the
 * thread pool, so immediates alone would not let it finish), or after five seconds.
 */
async function settled(read: () => number): Promise<void> {
  const deadline = Date.now() + 5000;
  for (let same = 0, last = read(); same < 10 && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = read();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

describe('writeProfilesWorkbook', () => {
  it('writes every row, typed, under a bold frozen header that Excel readers open', async () => {
    const out = new PassThrough();
    const body = collect(out);
    const { batches } = source(3, 4);
    expect(await writeProfilesWorkbook(out, batches)).toEqual({ rows: 12, sheets: 1 });

    const [sheet, ...others] = await readSheets(await body);
    expect(others).toEqual([]);
    expect(sheet!.name).toBe('Profiles');
    expect(values(sheet!, 1)).toEqual(EXPORT_HEADERS);
    expect(sheet!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet!.rowCount).toBe(13);
    expect(values(sheet!, 3)).toEqual([
      2,
      'Asha Menon',
      '9876543210',
      // An empty alternative number is an empty cell.
      undefined,
      'Personal Loan',
      250000,
      '499118665246',
      'ABCDE1234F',
      'State Bank of India',
      '50100123456780',
      'SBIN0001234',
      '12 MG Road, Ernakulam',
      'Kochi',
      '682001',
      'Kerala',
      'paid',
      'Yes',
      // 10:00 UTC is 15:30 on the Kolkata wall clock.
      new Date('2026-01-15T15:30:00Z'),
    ]);
    expect(sheet!.getRow(3).getCell(18).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet!.getColumn(12).width).toBe(40);
  });

  it('keeps text exactly as typed: markup characters, spaces, and no control characters', async () => {
    const out = new PassThrough();
    const body = collect(out);
    const tricky = row(1, {
      fullName: '  Asha & <Menon> "A"  ',
      fullAddress: 'Flat 4\tBlock B\nMG Road\u0000\u0007 =SUM(A1:A2)',
      bankName: 'Bank \ud83c\udfe6 of India \ud800',
    });
    async function* one() {
      yield [tricky];
    }
    await writeProfilesWorkbook(out, one());
    const [sheet] = await readSheets(await body);
    const cells = values(sheet!, 2);
    expect(cells[1]).toBe('  Asha & <Menon> "A"  ');
    // A formula typed into a form stays text: a spreadsheet never evaluates it.
    expect(cells[11]).toBe('Flat 4\tBlock B\nMG Road =SUM(A1:A2)');
    expect(cells[8]).toBe('Bank \ud83c\udfe6 of India ');
  });

  it('cuts text longer than a cell can hold instead of producing a file Excel refuses', async () => {
    const out = new PassThrough();
    const body = collect(out);
    async function* one() {
      yield [row(1, { fullAddress: 'x'.repeat(40_000) })];
    }
    await writeProfilesWorkbook(out, one());
    const [sheet] = await readSheets(await body);
    expect(values(sheet!, 2)[11]).toBe('x'.repeat(32_767));
  });

  it('writes a header-only sheet when nothing matches', async () => {
    const out = new PassThrough();
    const body = collect(out);
    async function* none(): AsyncGenerator<ExportRow[]> {}
    expect(await writeProfilesWorkbook(out, none())).toEqual({ rows: 0, sheets: 1 });
    const [sheet] = await readSheets(await body);
    expect(sheet!.rowCount).toBe(1);
    expect(values(sheet!, 1)).toEqual(EXPORT_HEADERS);
  });

  it('continues on "Profiles 2", "Profiles 3" when a sheet is full, each with its header', async () => {
    const out = new PassThrough();
    const body = collect(out);
    const { batches } = source(2, 5);
    expect(await writeProfilesWorkbook(out, batches, { rowsPerSheet: 5 })).toEqual({
      rows: 10,
      sheets: 3,
    });
    const sheets = await readSheets(await body);
    expect(sheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['Profiles', 5],
      ['Profiles 2', 5],
      ['Profiles 3', 3],
    ]);
    for (const sheet of sheets) expect(values(sheet, 1)).toEqual(EXPORT_HEADERS);
    const ids = sheets.flatMap((sheet) =>
      Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(sheet, i + 2)[0]),
    );
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('opens no further sheet when the rows end exactly where a sheet is full', async () => {
    const out = new PassThrough();
    const body = collect(out);
    const { batches } = source(2, 2);
    expect(await writeProfilesWorkbook(out, batches, { rowsPerSheet: 5 })).toEqual({
      rows: 4,
      sheets: 1,
    });
    expect((await readSheets(await body)).map((sheet) => sheet.rowCount)).toEqual([5]);
  });

  it('reads no further batches while the consumer does not read, and finishes when it does', async () => {
    let release: (() => void) | undefined;
    let received = 0;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        received += 1;
        // The first write is held until the test lets go: a client that stopped reading.
        if (received === 1) release = callback;
        else callback();
      },
    });
    const { batches, state } = source(100, 500);
    const done = writeProfilesWorkbook(sink, batches);

    await until(() => release !== undefined);
    const pulledWhenBlocked = state.pulled;
    // Give a writer that ignores backpressure every chance to read on, until it stops.
    await settled(() => state.pulled);
    // 100 batches are waiting; a bounded writer has read a few (what zlib and the stream
    // buffers hold), never all of them.
    expect(state.pulled).toBeLessThan(20);
    expect(state.pulled - pulledWhenBlocked).toBeLessThan(10);

    release!();
    expect(await done).toEqual({ rows: 50_000, sheets: 1 });
    expect(state.pulled).toBe(100);
  });

  it('stops reading the source and rejects when the client goes away mid-export', async () => {
    let written = 0;
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        written += 1;
        callback();
      },
    });
    const { batches, state } = source(100, 500);
    const done = writeProfilesWorkbook(sink, batches);
    await until(() => written > 0);
    sink.destroy();
    await expect(done).rejects.toThrow();
    expect(state.closed).toBe(true);
    expect(state.pulled).toBeLessThan(100);
  });

  it('ends the download with an error, not a truncated file, when the source fails', async () => {
    const out = new PassThrough();
    const body = collect(out);
    async function* failing() {
      yield [row(1)];
      throw new Error('connection to the database lost');
    }
    await expect(writeProfilesWorkbook(out, failing())).rejects.toThrow(
      'connection to the database lost',
    );
    await expect(body).rejects.toThrow();
  });
});
