// The test files of a browser package, split in two Vitest projects: most share one jsdom and one
// module graph per worker; a file that replaces modules, or drives stories, gets its own.
//
// Starting a jsdom and importing React, the kit and the i18n catalogs again for every file was
// most of these suites' time: on a quiet 2-core machine ui-kit took 88.8 s and 21.6 s with one
// jsdom per worker, client-portal 133 s and 68 s, admin-portal 91.8 s and 52 s (bench/README.md,
// F27). Each file's setup (vitest.setup.ts) still runs before it and Testing Library unmounts
// after every test, so what a file leaves behind is what its own afterEach leaves.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files that cannot share: `vi.mock` replaces a module for the whole module graph, so a later file
 * would get the mock too; and Storybook's portable stories bring their own copy of user-event,
 * whose hold on the shared document broke typing in a later file's user-event (TotpSetup's boxes).
 */
const NEEDS_OWN_GRAPH = /\bvi\.(mock|doMock)\(|\bcomposeStories\b/;
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * `test.projects` for a package whose tests run in jsdom.
 * @param {URL} packageUrl the package's folder (`new URL('.', import.meta.url)`)
 */
export function jsdomTestProjects(packageUrl) {
  const root = fileURLToPath(packageUrl);
  const files = testFiles(join(root, 'src'))
    .map((path) => relative(root, path))
    .sort();
  const own = files.filter((file) => NEEDS_OWN_GRAPH.test(readFileSync(join(root, file), 'utf8')));
  const shared = files.filter((file) => !own.includes(file));
  return [
    { extends: true, test: { name: 'shared-jsdom', include: shared, isolate: false } },
    { extends: true, test: { name: 'own-jsdom', include: own } },
  ].filter((project) => project.test.include.length > 0);
}
