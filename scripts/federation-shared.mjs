// One definition of what the shell and both remotes share, so the singletons cannot drift apart.
import { createRequire } from 'node:module';

/** @param {string} appDir directory of the app whose node_modules resolve the shared packages */
export function federationShared(appDir) {
  const requireFromApp = createRequire(`${appDir}/package.json`);
  const shared = {};
  for (const pkg of ['react', 'react-dom', 'react-router']) {
    const { version } = requireFromApp(`${pkg}/package.json`);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}` };
  }
  return shared;
}
