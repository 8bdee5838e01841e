import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { createClientSession, createStaffSession, type TestSession } from '../../test/sessions';
import { paidClientThroughApi } from '../data-rights/test-support';
import { payments } from '../payments/tables';
import { profiles, registrations } from '../registration/tables';

const RECEIPT = '/api/registration/receipt/';

/** The PDF's text as a reader sees it, through Debian's pdftotext (poppler-utils). */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'receipt-')), 'receipt.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// Issue 18: a receipt for the ₹199, made on the server from the provider's payment.
describe('GET /api/registration/receipt/', () => {
  let t: TestApp;
  let staff: TestSession;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_SIMULATOR_SECRET: 'simulator-secret-for-tests-0123456789',
      PRODUCT_NAME: 'Sahayak Loans',
    });
    staff = await createStaffSession(t);
  }, 120_000);
  afterAll(() => t.close());

  it('is a PDF with the product, receipt number, payment and order ids, ₹199.00, IST time, name and masked phone', async () => {
    const client = await paidClientThroughApi(t);
    const res = await t.app.inject({ url: RECEIPT, headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-RCPT-\d{4}-\d{6}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.registrationId, client.registrationId));
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Sahayak Loans');
    expect(text).toMatch(/Receipt number RCPT-\d{4}-\d{6}/);
    expect(text).toContain(payment!.cfPaymentId);
    expect(text).toContain(client.orderId);
    expect(text).toContain('₹199.00');
    expect(text).toContain(client.payload.full_name);
    expect(text).toContain(`XXXXXX${client.phone.slice(-4)}`);
    expect(text).not.toContain(client.phone);
    // The payment time, as India reads it.
    const ist = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }).format(payment!.paymentTime!);
    expect(text).toContain(`${ist} IST`);

    // The same payment, the same receipt number.
    const again = await t.app.inject({ url: RECEIPT, headers: client.headers });
    expect(again.headers['content-disposition']).toBe(res.headers['content-disposition']);
  });

  it('shows the fee actually paid, whatever the fee is now', async () => {
    const client = await paidClientThroughApi(t);
    await t.database.db
      .update(payments)
      .set({ amount: 249.5 })
      .where(eq(payments.registrationId, client.registrationId));
    const res = await t.app.inject({ url: RECEIPT, headers: client.headers });
    expect(pdfText(res.rawPayload)).toContain('₹249.50');
  });

  it('answers 404 without an application and 409 before the fee is paid', async () => {
    const none = await createClientSession(t);
    const missing = await t.app.inject({ url: RECEIPT, headers: none.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No application found.' });

    const unpaid = 'Your application fee has not been paid yet, so there is no receipt.';
    const draft = await paidClientThroughApi(t, { outcome: 'none' });
    const drafted = await t.app.inject({ url: RECEIPT, headers: draft.headers });
    expect(drafted.statusCode).toBe(409);
    expect(drafted.json()).toEqual({ message: unpaid });

    const failed = await paidClientThroughApi(t, { outcome: 'FAILED' });
    const refused = await t.app.inject({ url: RECEIPT, headers: failed.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: unpaid });
  });

  it("gives each client their own receipt, never another's", async () => {
    const first = await paidClientThroughApi(t);
    const second = await paidClientThroughApi(t);
    const text = pdfText(
      (await t.app.inject({ url: RECEIPT, headers: second.headers })).rawPayload,
    );
    expect(text).toContain(second.orderId);
    expect(text).not.toContain(first.orderId);
  });

  // Issue 16: in the client's language. Read back through pdftotext, the Hindi must come out as
  // it was written: conjuncts (प्र, र्म, र्ड), reph and the pre-base matra ि in logical order.
  it('is in Hindi for a Hindi-speaking client, and reads back word for word', async () => {
    const client = await paidClientThroughApi(t);
    const [registration] = await t.database.db
      .select({ profileId: registrations.profileId })
      .from(registrations)
      .where(eq(registrations.id, client.registrationId));
    await t.database.db
      .update(profiles)
      .set({ fullName: 'प्रिया शर्मा' })
      .where(eq(profiles.id, registration!.profileId!));
    const res = await t.app.inject({
      url: RECEIPT,
      headers: { ...client.headers, 'accept-language': 'hi-IN,hi;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const words of [
      'भुगतान रसीद',
      'रसीद संख्या RCPT-',
      'प्राप्त राशि',
      '₹199.00',
      'आवेदन शुल्क, पूरा भुगतान',
      'भुगतानकर्ता',
      'प्रिया शर्मा',
      'भुगतान की तारीख',
      'ऑर्डर आईडी',
      'आवेदन आईडी',
      'यह रसीद कंप्यूटर द्वारा बनाई गई है और इस पर हस्ताक्षर की आवश्यकता नहीं है।',
      client.orderId,
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/भुगतान की तारीख +\d{1,2} [\u0900-\u097F]+ \d{4}/);
    // The English receipt of the same payment is unchanged.
    const english = pdfText(
      (await t.app.inject({ url: RECEIPT, headers: client.headers })).rawPayload,
    );
    expect(english).toContain('Payment receipt');
    expect(english).toContain('प्रिया शर्मा');
  });

  it('refuses the anonymous and a staff token', async () => {
    expect((await t.app.inject({ url: RECEIPT })).statusCode).toBe(401);
    const asStaff = await t.app.inject({ url: RECEIPT, headers: staff.headers });
    expect(asStaff.statusCode).toBe(401);
    expect(asStaff.json()).toEqual({ message: expect.any(String) });
  });
});
