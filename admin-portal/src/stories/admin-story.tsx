import type { Decorator } from '@storybook/react-vite';
import type { AdminApi, AdminApiClient } from '../app/api-client';
import { AdminApiContext } from '../app/api-client';
import { AdminI18nProvider } from '../app/i18n';

/**
 * What an admin-portal story sets in `parameters.adminApi`: the api-client calls its component
 * makes, answered as the story needs (a value, a promise that never settles, a refusal). A call
 * the story did not give fails loudly.
 */
export type StoryAdminApi = Partial<AdminApiClient>;

function storyClient(calls: StoryAdminApi): AdminApiClient {
  return new Proxy(calls, {
    get(target, name) {
      if (name in target) return target[name as keyof StoryAdminApi];
      if (typeof name === 'symbol' || name === 'then') return undefined;
      return () => Promise.reject(new Error(`The story gives no api call ${name}`));
    },
  }) as AdminApiClient;
}

/**
 * Wraps an admin-portal story as the portal's App does: its Lingui instance (the back office is
 * English only, issue 16; inside the project's client-portal provider, this one is nearer, so
 * the screen's ids read as in the portal) and an api client from `parameters.adminApi`.
 */
export const withAdminPortal: Decorator = (Story, context) => {
  const api: AdminApi = {
    client: storyClient((context.parameters.adminApi ?? {}) as StoryAdminApi),
    onSessionExpired: () => () => undefined,
  };
  return (
    <AdminI18nProvider>
      <AdminApiContext.Provider value={api}>
        <Story />
      </AdminApiContext.Provider>
    </AdminI18nProvider>
  );
};

/** The annotations every admin-portal story shares: the portal around it, English only. */
export const ADMIN_STORY = {
  decorators: [withAdminPortal],
  // The toolbar's language is the client portal's: the back office has English alone.
  globals: { locale: 'en' },
  parameters: { englishOnly: 'the back office is English only (issue 16)' },
};
