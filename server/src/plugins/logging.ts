import type { FastifyServerOptions } from 'fastify';

/** Secrets and personal data never reach the log, whichever route carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // Bodies are not logged; these guard any line that logs one by mistake.
  'req.body.password',
  'req.body.new_password',
  'req.body.otp',
  'req.body.reset_token',
  'req.body.aadhaar_number',
  'req.body.account_number',
  'body.password',
  'body.new_password',
  'body.otp',
  'body.reset_token',
  'body.aadhaar_number',
  'body.account_number',
];

/**
 * Database errors carry the statement's values (drizzle puts every bound parameter into its
 * message, PostgreSQL puts row values into `detail`): a failed profile write would log a name,
 * a phone number and a PAN. Quoted literals and long digit runs in a message are masked, and
 * only fields that describe the failure (code, constraint, table, column) are kept.
 */
export function maskMessage(message: string): string {
  return message
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\d{4,}/g, '#');
}

const DESCRIPTIVE_FIELDS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'statusCode',
] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '(not an Error)', stack: '' };
  const source = error as Error & Record<string, unknown>;
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <every value>".
  const failedQuery = typeof source.query === 'string' && 'params' in source;
  const message = failedQuery ? 'Failed query' : maskMessage(error.message);
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    // The first stack line repeats the raw message; the frames below it are safe.
    stack: [
      `${error.name}: ${message}`,
      ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
    ].join('\n'),
  };
  // The statement text has placeholders ($1, $2...), never the values.
  if (failedQuery) out.query = source.query as string;
  for (const field of DESCRIPTIVE_FIELDS) {
    if (typeof source[field] === 'string' || typeof source[field] === 'number') {
      out[field] = source[field];
    }
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  id?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** A payment session id opens that checkout: a secret of the URL, like a token. */
const PAYMENT_SESSION = /session_[A-Za-z0-9_-]+/g;

/**
 * The path only: query strings carry search terms (names, numbers, PANs) and outbox numbers, and
 * payment session ids in the simulator's paths are cut to their prefix.
 */
export function serializeRequest(request: LoggedRequest) {
  const [path = '', query] = request.url.split('?');
  const masked = path.replace(PAYMENT_SESSION, 'session_…');
  return {
    method: request.method,
    url: query === undefined ? masked : `${masked}?…`,
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino options: level, redaction and the serializers above. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: REDACTED_PATHS,
    serializers: { err: (error) => serializeError(error), req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
