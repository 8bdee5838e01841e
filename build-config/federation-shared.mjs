// One definition of what the shell and both remotes share, so the singletons cannot drift apart.
import { createRequire } from 'node:module';

/**
 * The react-router exports the three apps use. The shared router is built from these alone (about
 * 14 KiB gzip instead of the whole package's 63 KiB): a federation share is otherwise built whole,
 * because any remote might ask for any export. Every app must agree on this list: a consumer that
 * needs an export the provider lacks would load a second, full copy, and a second router instance
 * does not see the shell's <BrowserRouter>. `sharedRouterGuard` fails the build instead.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'Navigate',
  'NavLink',
  'Outlet',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
];

/** @param {string} appDir directory of the app whose node_modules resolve the shared packages */
export function federationShared(appDir) {
  const requireFromApp = createRequire(`${appDir}/package.json`);
  const shared = {};
  for (const pkg of ['react', 'react-dom', 'react-router']) {
    const { version } = requireFromApp(`${pkg}/package.json`);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}` };
  }
  // runtime-infer with the same usedExports everywhere: the shell provides exactly this subset and
  // every consumer asks for exactly this subset, so the runtime never picks the full build.
  // An explicit shareKey stops the plugin from sharing React's subpaths on its own. The
  // production jsx-runtime is a stateless function over global symbols, so each app bundles its
  // 0.4 KiB copy instead of 1.3 KiB of federation glue on every page.
  shared.react.shareKey = 'react';
  // The same for react-dom: only the shell calls createRoot (react-dom/client, the reconciler), so
  // it bundles it straight into its entry; shared, it cost every page its loadShare glue in the
  // shell and in each remote (1.8 KiB gzip on /portal-admin/login, 2.2 KiB on /login, issue 17). The remotes share react-dom itself (createPortal), still one instance: the
  // shell's react-dom/client imports the very module the shell provides as react-dom.
  shared['react-dom'].shareKey = 'react-dom';
  shared['react-router'].treeShaking = { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS };
  return shared;
}

const ROUTER_IMPORT = /import\s+(type\s+)?([^'";]*?)\s+from\s+['"](react-router(?:\/[^'"]*)?)['"]/g;

/**
 * Fails a build that imports from react-router anything outside ROUTER_EXPORTS (or a subpath, or
 * the whole namespace): that import would work alone and break only once mounted by the shell.
 * Type-only imports are fine, they leave no code behind.
 */
export function sharedRouterGuard() {
  return {
    name: 'loan-portal:shared-router-guard',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || id.startsWith('\0') || !/\.[cm]?[jt]sx?$/.test(id)) {
        return null;
      }
      for (const [, typeOnly, clause, source] of code.matchAll(ROUTER_IMPORT)) {
        if (typeOnly) continue;
        const named = /^\{([^}]*)\}$/.exec(clause.trim());
        const names = named
          ? named[1]
              .split(',')
              .map((part) => part.trim())
              .filter((part) => part && !part.startsWith('type '))
              .map((part) => part.split(/\s+as\s+/)[0])
          : [clause.trim()];
        const outside = names.filter((name) => !ROUTER_EXPORTS.includes(name));
        if (source !== 'react-router' || outside.length > 0) {
          this.error(
            `${id} imports ${outside.join(', ') || clause} from '${source}'. The shared router ` +
              `holds only ${ROUTER_EXPORTS.join(', ')} from 'react-router': add the export to ` +
              'ROUTER_EXPORTS in build-config/federation-shared.mjs and rebuild the shell and both remotes.',
          );
        }
      }
      return null;
    },
  };
}
