import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // ui-kit's components, and the admin portal's own (RevealableNumber, ResolveDialog), each
  // run as tests by its package's src/stories.test.tsx.
  stories: ['../ui-kit/src/**/*.stories.@(ts|tsx)', '../admin-portal/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  core: { disableTelemetry: true },
};

export default config;
