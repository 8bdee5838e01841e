import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import * as previewAnnotations from '../../.storybook/preview';
import { expectNoAxeViolations } from './test/axe';

// Stories rendered here get the decorators, loaders and parameters they get in Storybook, as
// ui-kit's story tests do (ui-kit/vitest.setup.ts); set here, not in vitest.setup.ts, so the
// portal's other tests stay as they were.
setProjectAnnotations([previewAnnotations]);

type StoriesModule = Parameters<typeof composeStories>[0];
/** The part of a composed story this test uses (the generic type is lost over the glob). */
type RunnableStory = ComponentType & { run: () => Promise<void> };

// Every admin-portal story is a test, as ui-kit's are (ui-kit/src/stories.test.tsx): rendered,
// its play function run (the interactions), then checked with axe. English only: the back office
// has no other language (issue 16), and its stories pin the toolbar's (src/stories/admin-story).
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

it('finds the stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

describe.each(Object.entries(modules))('%s', (_path, module) => {
  const stories = Object.entries(composeStories(module)) as [string, RunnableStory][];
  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  it.each(stories)('%s', async (_name, Story) => {
    await Story.run();
    expect(document.documentElement.lang).toBe('en-IN');
    // Dialogs render into a portal on <body>, so check the whole document.
    await expectNoAxeViolations();
  });
});
