export declare function federationShared(
  appDir: string,
): Record<string, { singleton: true; requiredVersion: string }>;
