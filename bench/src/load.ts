import autocannon from 'autocannon';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One autocannon run against 127.0.0.1. Latencies come from every response (autocannon's own
 * histogram has no p95), so the percentiles are exact.
 */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** For a write: the path and JSON body of each request in turn (POST). */
  next?: () => { path: string; body: unknown };
}): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:/.test(options.url))
    throw new Error('the bench only loads 127.0.0.1');
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
        ...(options.next
          ? {
              method: 'POST' as const,
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const { path, body } = options.next!();
                    return {
                      ...request,
                      method: 'POST' as const,
                      path,
                      body: JSON.stringify(body),
                      headers: { ...request.headers, 'content-type': 'application/json' },
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 400) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / (result.duration || options.durationSeconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    seconds: result.duration,
  };
}
