import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { captureDownloads } from '../test/downloads';
import { API, makeApplication, renderApp, server, signedIn } from '../test/render-app';

function answer(status: string) {
  signedIn(makeApplication({ status }));
  server.use(
    http.get(`${API}/api/registration/application/`, () =>
      HttpResponse.json(makeApplication({ status, submitted_at: '2025-03-12T10:15:00+05:30' })),
    ),
  );
}

describe('Download receipt on the status page', () => {
  it('is offered once paid and saves the PDF the server sends', async () => {
    answer('under_review');
    const pdf = new TextEncoder().encode('%PDF-1.3 test');
    server.use(
      http.get(`${API}/api/registration/receipt/`, () =>
        HttpResponse.arrayBuffer(pdf.buffer, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="receipt-RCPT-2026-000042.pdf"',
          },
        }),
      ),
    );
    const { files: saved, restore } = captureDownloads();
    onTestFinished(restore);
    renderApp('/status');
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('receipt-RCPT-2026-000042.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.3 test');
    await expectNoAxeViolations();
  });

  it("shows the server's message when there is no receipt", async () => {
    answer('paid');
    server.use(
      http.get(`${API}/api/registration/receipt/`, () =>
        HttpResponse.json(
          { message: 'Your application fee has not been paid yet, so there is no receipt.' },
          { status: 409 },
        ),
      ),
    );
    renderApp('/status');
    await userEvent.click(await screen.findByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your application fee has not been paid yet, so there is no receipt.',
    );
  });

  it('is not offered before the fee is paid', async () => {
    answer('draft');
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
  });
});
