import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { jsdomTestProjects } from './jsdom-test-projects.mjs';

let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function packageWith(files: Record<string, string>): Promise<URL> {
  dir = await mkdtemp(join(tmpdir(), 'jsdom-projects-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, 'src', path, '..'), { recursive: true });
    await writeFile(join(dir, 'src', path), text);
  }
  return pathToFileURL(`${dir}/`);
}

describe('jsdomTestProjects', () => {
  it('shares a jsdom between plain files, and gives mocking and story files their own', async () => {
    const url = await packageWith({
      'a/plain.test.tsx': "it('renders', () => {});",
      'b/mocks.test.ts': "vi.mock('./module', () => ({}));",
      'b/late-mock.test.tsx': "vi.doMock('./module', () => ({}));",
      'stories.test.tsx': 'const stories = composeStories(module);',
      'c/also-plain.test.ts': 'vi.spyOn(console, "error");',
      'c/helper.ts': "vi.mock('./not-a-test');",
    });

    const projects = jsdomTestProjects(url);

    expect(projects).toEqual([
      {
        extends: true,
        test: {
          name: 'shared-jsdom',
          include: ['src/a/plain.test.tsx', 'src/c/also-plain.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'own-jsdom',
          include: ['src/b/late-mock.test.tsx', 'src/b/mocks.test.ts', 'src/stories.test.tsx'],
        },
      },
    ]);
  });

  it('leaves out a project that would have no files', async () => {
    const url = await packageWith({ 'plain.test.ts': "it('adds', () => {});" });

    expect(jsdomTestProjects(url).map((project) => project.test.name)).toEqual(['shared-jsdom']);
  });
});
