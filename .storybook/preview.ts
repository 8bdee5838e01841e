import type { Preview } from '@storybook/react-vite';
import { loadStoryLocale, withLocale } from '../ui-kit/src/stories/story-locale';
import '../ui-kit/src/tokens.css';
import './preview.css';

const preview: Preview = {
  tags: ['autodocs'],
  // A story can say why its words stay English in Hindi (`parameters.englishOnly`: the back
  // office's texts, staff statuses, a server's text shown as it came); the story tests then
  // render it in Hindi without asking for Devanagari.
  globalTypes: {
    locale: {
      description: 'Language of the story',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'en' },
          { value: 'hi', title: 'हिन्दी', right: 'hi' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  // The catalogs of the language are loaded before the story renders (Hindi is its own chunk).
  loaders: [loadStoryLocale],
  decorators: [withLocale],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    a11y: {
      // 'error' makes an axe violation fail the story in the test runner, not just show a warning.
      test: 'error',
    },
    viewport: {
      options: {
        phone: { name: 'Phone 360', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        desktop: {
          name: 'Desktop 1280',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
  },
};

export default preview;
