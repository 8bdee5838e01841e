import { isAxiosError } from 'axios';
import { ApiClientError } from './api-client-error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Bodies of blob or arraybuffer requests (the export) arrive as bytes, even when they are JSON. */
function decodeBody(data: unknown): unknown {
  let text: string | undefined;
  if (typeof data === 'string') text = data;
  else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data);
  else if (ArrayBuffer.isView(data)) text = new TextDecoder().decode(data);
  if (text === undefined) return data;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's own message: `message` first, `detail` for older admin-login answers. */
function serverMessage(data: unknown): string | undefined {
  const body = decodeBody(data);
  if (!isRecord(body)) return undefined;
  return nonEmptyString(body.message) ?? nonEmptyString(body.detail);
}

/**
 * The one way every screen turns a failure into text (spec section 8): the server's `message`
 * when the response has one; else axios's own message ('Network Error', 'Request aborted',
 * 'timeout of N ms exceeded', 'Request failed with status code N') unchanged; else an
 * ApiClientError's message; else `fallback`.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    return serverMessage(error.response?.data) ?? nonEmptyString(error.message) ?? fallback;
  }
  if (error instanceof ApiClientError) return nonEmptyString(error.message) ?? fallback;
  return fallback;
}
