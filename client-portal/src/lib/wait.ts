/** The spec's fixed pauses (1 s after login, 2 s before a redirect, the polling back-off). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
