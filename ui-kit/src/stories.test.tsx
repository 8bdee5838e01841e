import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './test/axe';

type StoriesModule = Parameters<typeof composeStories>[0];
/** The part of a composed story this test uses (the generic type is lost over the glob). */
type RunnableStory = { run: () => Promise<void> };

// Every story is a test: render it, run its play function, then check it with axe.
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_path, module) => {
  const stories = Object.entries(composeStories(module)) as [string, RunnableStory][];
  it('has stories', () => {
    expect(stories.length).toBeGreaterThan(0);
  });
  it.each(stories)('%s', async (_name, Story) => {
    await Story.run();
    // Dialogs render into a portal on <body>, so check the whole document.
    await expectNoAxeViolations();
  });
});
