import { composeStories } from '@storybook/react-vite';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { expectNoAxeViolations } from './test/axe';

type StoriesModule = Parameters<typeof composeStories>[0];
/** The part of a composed story this test uses (the generic type is lost over the glob). */
type RunnableStory = ComponentType & {
  run: () => Promise<void>;
  load: () => Promise<void>;
  parameters: { englishOnly?: string };
};

const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_WORD = /[A-Za-z]{2,}/;

/** What a reader sees or hears: the text, and the names and placeholders of controls. */
function readableText(): string {
  const attributes = Array.from(
    document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]'),
    (element) =>
      ['aria-label', 'placeholder', 'alt', 'title']
        .map((name) => element.getAttribute(name) ?? '')
        .join(' '),
  );
  return [document.body.textContent ?? '', ...attributes].join(' ');
}

// Every story is a test, in English and in Hindi (the toolbar's two languages, .storybook/preview).
const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

describe.each(Object.entries(modules))('%s', (_path, module) => {
  // React reports what it cannot do right (a list without keys, an update outside act, an
  // unknown prop) on console.error and renders on: a story that makes it say anything fails.
  let consoleErrors: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleErrors = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    const said = consoleErrors.mock.calls.map((call) => call.map(String).join(' '));
    consoleErrors.mockRestore();
    expect(said).toEqual([]);
  });

  const english = Object.entries(composeStories(module)) as [string, RunnableStory][];
  const hindi = composeStories(module, { initialGlobals: { locale: 'hi' } }) as unknown as Record<
    string,
    RunnableStory
  >;
  it('has stories', () => {
    expect(english.length).toBeGreaterThan(0);
  });

  // English: render it, run its play function (the interactions), then check it with axe.
  it.each(english)('%s', async (_name, Story) => {
    await Story.run();
    // Dialogs render into a portal on <body>, so check the whole document.
    await expectNoAxeViolations();
  });

  // Hindi: the same story in the portal's Hindi; where it has words, they are Devanagari.
  it.each(english)('%s in Hindi', async (name) => {
    const Story = hindi[name]!;
    await Story.load();
    await act(async () => {
      render(<Story />);
    });
    expect(document.documentElement.lang).toBe('hi-IN');
    const text = readableText();
    // A story whose words stay English says why (parameters.englishOnly, .storybook/preview).
    if (!Story.parameters.englishOnly && (LATIN_WORD.test(text) || DEVANAGARI.test(text))) {
      expect(text).toMatch(DEVANAGARI);
    }
    await expectNoAxeViolations();
  });
});
