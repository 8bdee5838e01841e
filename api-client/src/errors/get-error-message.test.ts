import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, test } from 'vitest';
import { createApiClient } from '../create-api-client';
import { createMemoryStorage } from '../session/storage';
import { ApiClientError } from './api-client-error';
import { getErrorMessage } from './get-error-message';

const FALLBACK = 'Something went wrong';

function responseError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    `Request failed with status code ${status}`,
    AxiosError.ERR_BAD_REQUEST,
    config,
    {},
    { status, statusText: '', data, headers: {}, config },
  );
}

describe('getErrorMessage', () => {
  test.each<[string, unknown, string]>([
    ['the server message', responseError(400, { message: 'Invalid OTP' }), 'Invalid OTP'],
    [
      'message before detail',
      responseError(401, { message: 'From message', detail: 'From detail' }),
      'From message',
    ],
    ['detail when there is no message', responseError(401, { detail: 'Bad login' }), 'Bad login'],
    [
      'axios status text when the body has no message',
      responseError(500, { error: 'x' }),
      'Request failed with status code 500',
    ],
    [
      'a JSON body that arrived as bytes',
      responseError(403, new TextEncoder().encode('{"message":"Staff only"}').buffer),
      'Staff only',
    ],
    [
      'Network Error unchanged',
      new AxiosError('Network Error', AxiosError.ERR_NETWORK),
      'Network Error',
    ],
    [
      'Request aborted unchanged',
      new AxiosError('Request aborted', AxiosError.ECONNABORTED),
      'Request aborted',
    ],
    [
      'timeout unchanged',
      new AxiosError('timeout of 5000ms exceeded', AxiosError.ETIMEDOUT),
      'timeout of 5000ms exceeded',
    ],
    [
      "this package's own errors",
      new ApiClientError('Payment order response is missing order_id'),
      'Payment order response is missing order_id',
    ],
    ['the fallback for other errors', new TypeError('x is undefined'), FALLBACK],
    ['the fallback for non-errors', 'boom', FALLBACK],
    ['the fallback for nothing', undefined, FALLBACK],
  ])('%s', (_name, error, expected) => {
    expect(getErrorMessage(error, FALLBACK)).toBe(expected);
  });
});

describe('getErrorMessage on real responses', () => {
  const server = setupServer(
    http.post('http://api.test/api/accounts/auth/login/', () =>
      HttpResponse.json({ message: 'Invalid credentials, please try again.' }, { status: 401 }),
    ),
    http.get('http://api.test/api/registration/application/', () => HttpResponse.error()),
    http.get('http://api.test/api/registration/registration/status/', () =>
      HttpResponse.text('oops', { status: 502 }),
    ),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const client = createApiClient({
    baseURL: 'http://api.test',
    portal: 'client',
    storage: createMemoryStorage(),
  });

  it('reads the message of a 401 login answer', async () => {
    const error = await client.login({ mobile: '9876543210', password: 'x' }).catch((e) => e);
    expect(getErrorMessage(error, 'Invalid credentials')).toBe(
      'Invalid credentials, please try again.',
    );
  });

  it("passes axios's message for a failed connection through", async () => {
    // Node's adapter words it differently from the browser's 'Network Error'; either way it is
    // axios's message, not the fallback.
    const error = await client.getApplication().catch((e) => e);
    expect(error).toBeInstanceOf(AxiosError);
    expect(error.response).toBeUndefined();
    expect(getErrorMessage(error, FALLBACK)).toBe(error.message);
    expect(error.message).not.toBe(FALLBACK);
  });

  it("passes axios's status message through when the body is not JSON", async () => {
    const error = await client.getRegistrationStatus().catch((e) => e);
    expect(getErrorMessage(error, FALLBACK)).toBe('Request failed with status code 502');
  });
});
