import { createRequire } from 'node:module';
import type { Locale } from '@loan-portal/api-client';
import PDFDocument from 'pdfkit';
import { t } from '../i18n/translator';

/** What a receipt says; every value already formatted for reading. */
export interface ReceiptContent {
  productName: string;
  receiptNumber: string;
  paymentId: string;
  orderId: string;
  /** e.g. ₹199.00 */
  amount: string;
  /** e.g. 25 Nov 2026, 12:40 pm IST */
  paidAt: string;
  applicantName: string;
  /** e.g. XXXXXX3210 */
  maskedPhone: string;
  applicationId: number;
  method: string | null;
}

const require = createRequire(import.meta.url);
/**
 * Noto Sans (SIL OFL) from @fontsource: bundled, so a fresh clone renders the same receipt on any
 * machine. pdfkit's built-in Helvetica has no ₹, and Fontsource splits the font by script: the
 * Latin file has the letters, the Latin Extended file the rupee sign. Each run of text is set in
 * the file that has its glyphs (`write` below).
 */
const FONT_FILES = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  symbols: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff'),
  symbolsBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff'),
  // Hindi (issue 16): Noto Sans Devanagari, bundled too (no system fonts in production). pdfkit
  // shapes it through fontkit: conjuncts, reph and matras come out as the font's ligatures.
  devanagari: require.resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  ),
  devanagariBold: require.resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  ),
};

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const MARGIN = 56;

/** Characters the Latin file lacks and the Latin Extended file has (₹ is the one we print). */
const EXTENDED = /^[\u20a0-\u20cf]+$/u;
/** Devanagari words, with the spaces between them: one run, so that fontkit shapes each word. */
const DEVANAGARI_CHAR = '[\\u0900-\\u097F\\u1CD0-\\u1CFF\\uA8E0-\\uA8FF\\u200C\\u200D]';
const DEVANAGARI = new RegExp(`^${DEVANAGARI_CHAR}`, 'u');
/** Splits text into runs of one font each: Devanagari, the rupee sign, and the rest (Latin). */
const RUNS = new RegExp(`(${DEVANAGARI_CHAR}+(?: +${DEVANAGARI_CHAR}+)*|[\\u20a0-\\u20cf]+)`, 'u');

/** A PDF text string in UTF-16BE with its byte order mark, as hex: <FEFF...>. */
function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) {
    hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}

/** The receipt as PDF bytes. */
export function renderReceipt(content: ReceiptContent, locale: Locale = 'en'): Promise<Buffer> {
  const product = content.productName;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Not Helvetica: pdfkit would load its AFM files only to drop them.
    font: FONT_FILES.regular,
    info: {
      Title: t(locale, 'receipt.docTitle', { product, number: content.receiptNumber }),
      Author: product,
      Subject: t(locale, 'receipt.docSubject'),
    },
    lang: locale === 'hi' ? 'hi-IN' : 'en-IN',
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  doc.registerFont('symbols', FONT_FILES.symbols);
  doc.registerFont('symbols-bold', FONT_FILES.symbolsBold);
  doc.registerFont('devanagari', FONT_FILES.devanagari);
  doc.registerFont('devanagari-bold', FONT_FILES.devanagariBold);

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  type Style = { bold?: boolean; size: number; color?: string; width?: number; align?: 'right' };
  const fontOf = (run: string, bold?: boolean) => {
    const font = DEVANAGARI.test(run) ? 'devanagari' : EXTENDED.test(run) ? 'symbols' : null;
    return font ? (bold ? `${font}-bold` : font) : bold ? 'bold' : 'regular';
  };

  /** Writes text at (x, y), switching to the file that has each run's glyphs. */
  function write(text: string, x: number, y: number, style: Style) {
    const runs = text.split(RUNS).filter(Boolean);
    doc.fillColor(style.color ?? INK).fontSize(style.size);
    if (runs.some((run) => DEVANAGARI.test(run))) {
      writeHindi(runs, x, y, style);
      return;
    }
    runs.forEach((run, index) => {
      doc.font(fontOf(run, style.bold));
      const options = { continued: index < runs.length - 1, lineBreak: false };
      if (index === 0) doc.text(run, x, y, { ...options, width: style.width, align: style.align });
      else doc.text(run, options);
    });
  }

  /**
   * Runs `draw` (one doc.text call) with its glyphs in a /Span marked with `text` as its
   * /ActualText. The span goes inside the text object (after BT, before ET): pdfkit flips the
   * coordinate system around each text object, and a reader that places the ActualText where
   * the span ends (poppler) would otherwise put it upside down on the page.
   */
  function withActualText(text: string, draw: () => void) {
    const target = doc as unknown as { addContent(data: string): unknown };
    const original = target.addContent;
    target.addContent = function addContent(data: string) {
      if (data === 'ET') original.call(this, 'EMC');
      const result = original.call(this, data);
      if (data === 'BT')
        original.call(this, `/Span <</Lang (hi-IN) /ActualText ${utf16Hex(text)}>> BDC`);
      return result;
    };
    try {
      draw();
    } finally {
      target.addContent = original;
    }
  }

  /**
   * A line with Devanagari: each run placed by hand on the Latin font's baseline (the Devanagari
   * font's taller ascender would lift its runs otherwise), right-aligned by the runs' total width.
   * Each Devanagari run carries its text as /ActualText: a pre-base matra (ि) is drawn before its
   * consonant and ई shares a glyph with इ, so text pulled from the glyphs alone reads wrong.
   */
  function writeHindi(runs: string[], x: number, y: number, style: Style) {
    const widths = runs.map((run) => doc.font(fontOf(run, style.bold)).widthOfString(run));
    const total = widths.reduce((sum, w) => sum + w, 0);
    let cx = style.align === 'right' && style.width ? x + style.width - total : x;
    doc.font(fontOf('', style.bold));
    const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender;
    const baseline = y + (ascender / 1000) * style.size;
    runs.forEach((run, index) => {
      doc.font(fontOf(run, style.bold));
      const draw = () => doc.text(run, cx, baseline, { lineBreak: false, baseline: 'alphabetic' });
      if (DEVANAGARI.test(run)) withActualText(run, draw);
      else draw();
      cx += widths[index]!;
    });
  }

  const width = doc.page.width - 2 * MARGIN;
  let y = MARGIN;
  write(content.productName, MARGIN, y, { bold: true, size: 22 });
  y += 34;
  write(t(locale, 'receipt.title'), MARGIN, y, { size: 13, color: MUTED });
  write(t(locale, 'receipt.number', { number: content.receiptNumber }), MARGIN, y, {
    size: 11,
    color: MUTED,
    width,
    align: 'right',
  });
  y += 30;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  y += 22;

  write(t(locale, 'receipt.amountReceived'), MARGIN, y, { size: 11, color: MUTED });
  y += 16;
  write(content.amount, MARGIN, y, { bold: true, size: 28 });
  y += 40;
  write(t(locale, 'receipt.feePaidInFull'), MARGIN, y, { size: 11, color: MUTED });
  y += 30;

  const rows: [string, string][] = [
    [t(locale, 'receipt.receivedFrom'), content.applicantName],
    [t(locale, 'receipt.phone'), content.maskedPhone],
    [t(locale, 'receipt.paidOn'), content.paidAt],
    [t(locale, 'receipt.paymentId'), content.paymentId],
    [t(locale, 'receipt.orderId'), content.orderId],
    [t(locale, 'receipt.applicationId'), String(content.applicationId)],
    ...(content.method
      ? [[t(locale, 'receipt.paymentMethod'), content.method] as [string, string]]
      : []),
  ];
  for (const [label, value] of rows) {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    y += 10;
    write(label, MARGIN, y, { size: 11, color: MUTED });
    write(value, MARGIN + 160, y, { size: 11, width: width - 160 });
    y += 24;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  y += 28;
  write(t(locale, 'receipt.computerGenerated'), MARGIN, y, {
    size: 9,
    color: MUTED,
  });
  doc.end();
  return done;
}
