/**
 * One client through the balancer, as the portal's screens drive the API: code, signup, the
 * form, an order, the simulator's checkout, then the status poll until it says paid. A request
 * that fails for the cluster's sake (no answer, 502, 503) is tried again, as a person would tap
 * again; each such failure is recorded with its time.
 */
export interface Failure {
  at: number;
  step: string;
  cause: string;
}

export interface JourneyResult {
  phone: string;
  sawPaid: boolean;
  registrationId?: number;
  orderId?: string;
  error?: string;
  failures: Failure[];
  /** Answers "busy" (503 with Retry-After from an instance's hashing queue), waited out. */
  busy: number;
  ms: number;
}

const PROFILE = {
  full_name: 'Anita Nair',
  contact_number: '9876543210',
  alternative_contact_number: '9123456780',
  aadhaar_number: '234567890124',
  pan_number: 'ABCDE1234F',
  bank_name: 'State Bank of India',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  full_address: '12 MG Road, Ernakulam',
  city: 'Kochi',
  state: 'Kerala',
  pin_code: '682011',
  loan_type: 'Home Loan',
  loan_amount: '500000',
  // The servers of the cluster read the same environment (the server's default otherwise).
  consent_notice_version: process.env.PRIVACY_NOTICE_VERSION || '2026-11',
};

export const PASSWORD = 'secret-pass-123';
const BUSY = 'A payment is already being started for this application. Please try again.';
/** An instance's answer when its password-hashing queue is full (server accounts/hashing-gate.ts). */
const HASHING_BUSY = 'We are busy right now. Please try again in a few seconds.';
/** How long a journey keeps trying after "busy" answers, as a person would, before it gives up. */
const BUSY_PATIENCE_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export async function runJourney(baseUrl: string, phone: string): Promise<JourneyResult> {
  const started = Date.now();
  const failures: Failure[] = [];
  let token = '';

  async function call(step: string, method: string, path: string, body?: object) {
    const busyUntil = Date.now() + BUSY_PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer | undefined;
      let retryAfterMs = 0;
      try {
        const res = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          // As long as the portal waits: its requests have no timeout of their own, so HAProxy
          // answers 504 after `timeout server` (60 s in deploy/haproxy.cfg). A shorter one here
          // gave up on signups still hashing and sent them again, doubling the work.
          signal: AbortSignal.timeout(65_000),
        });
        const text = await res.text();
        // The balancer's own error pages (502, 503) are HTML.
        const json = res.headers.get('content-type')?.includes('application/json');
        answer = { status: res.status, body: json && text ? JSON.parse(text) : {} };
        retryAfterMs = Number(res.headers.get('retry-after') ?? 0) * 1000;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        failures.push({ at: Date.now(), step, cause: cause ?? (error as Error).name });
      }
      if (answer && answer.status !== 502 && answer.status !== 503 && answer.status !== 504) {
        return answer;
      }
      // The instance's own "busy, try again in N s": load shed on purpose, not a failure. Waited
      // out as asked (with a little jitter, so the shed ones do not all come back at once).
      if (
        answer?.status === 503 &&
        answer.body.message === HASHING_BUSY &&
        Date.now() < busyUntil
      ) {
        result.busy += 1;
        attempt -= 1;
        await sleep(retryAfterMs + Math.random() * 1000);
        continue;
      }
      if (answer) failures.push({ at: Date.now(), step, cause: `HTTP ${answer.status}` });
      if (attempt >= 8) throw new Error(`${step}: no answer after ${attempt} tries`);
      await sleep(250 * attempt);
    }
  }

  const createOrder = () =>
    call('create order', 'POST', '/api/registration/cashfree/create-order/', { amount: 10 });

  const result: JourneyResult = { phone, sawPaid: false, failures, busy: 0, ms: 0 };
  try {
    // A code (the cooldown answers 429 to a quick second try: wait it out).
    for (;;) {
      const sent = await call('send code', 'POST', '/api/accounts/otp/send/', { mobile: phone });
      if (sent.status === 200) break;
      if (sent.status !== 429) throw new Error(`send code answered ${sent.status}`);
      await sleep(1100);
    }
    let code = '';
    for (let i = 0; i < 50 && !code; i++) {
      const outbox = await call('read code', 'GET', `/api/dev/sms-outbox?phone=${phone}`);
      const messages = (outbox.body.messages ?? []) as { code: string }[];
      code = messages.find((m) => m.code)?.code ?? '';
      if (!code) await sleep(200);
    }
    if (!code) throw new Error('no code in the outbox');

    const signup = await call('signup', 'POST', '/api/accounts/signup/', {
      phone_number: phone,
      password: PASSWORD,
      otp: code,
    });
    if (signup.status === 201) {
      token = String(signup.body.access);
    } else {
      // A signup that went through just before its answer was lost: the account is there.
      const login = await call('login', 'POST', '/api/accounts/auth/login/', {
        mobile: phone,
        password: PASSWORD,
      });
      if (login.status !== 200) {
        throw new Error(`signup answered ${signup.status} ${JSON.stringify(signup.body)}`);
      }
      token = String(login.body.access);
    }

    const saved = await call('profile', 'POST', '/api/registration/profile/', PROFILE);
    if (saved.status !== 201) {
      const existing = await call('application', 'GET', '/api/registration/application/');
      if (existing.status !== 200) {
        throw new Error(`profile answered ${saved.status} ${JSON.stringify(saved.body)}`);
      }
      result.registrationId = Number(existing.body.application_id);
    } else {
      result.registrationId = Number(saved.body.application_id);
    }

    // A retry that overtook a first try still running elsewhere (its answer timed out) is told a
    // payment is being started: "Please try again", and the person does.
    let order = await createOrder();
    for (let i = 0; i < 10 && order.status === 409 && order.body.message === BUSY; i++) {
      await sleep(1000);
      order = await createOrder();
    }
    if (order.status !== 200) {
      throw new Error(`create order answered ${order.status} ${JSON.stringify(order.body)}`);
    }
    result.orderId = String(order.body.order_id);
    const paid = await call(
      'checkout',
      'POST',
      `/payments-simulator/sessions/${order.body.payment_session_id}/complete`,
      { outcome: 'SUCCESS', payment_group: 'upi' },
    );
    if (paid.status !== 200 && paid.status !== 409) {
      throw new Error(`checkout answered ${paid.status} ${JSON.stringify(paid.body)}`);
    }
    let last: Answer | undefined;
    for (let i = 0; i < 60 && !result.sawPaid; i++) {
      if (i > 0) await sleep(500);
      last = await call('status', 'GET', `/api/registration/cashfree-status/${result.orderId}/`);
      result.sawPaid = last.body.status === 'SUCCESS';
    }
    if (!result.sawPaid) {
      throw new Error(
        `the status never said paid: HTTP ${last?.status} ${JSON.stringify(last?.body)}`,
      );
    }
  } catch (error) {
    result.error = (error as Error).message;
  }
  result.ms = Date.now() - started;
  return result;
}
