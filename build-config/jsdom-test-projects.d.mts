/** `test.projects` for a package whose tests run in jsdom: most files share one jsdom per worker. */
export function jsdomTestProjects(packageUrl: URL): {
  extends: true;
  test: { name: string; include: string[]; isolate?: boolean };
}[];
