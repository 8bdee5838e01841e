// `pnpm i18n:check` (issue 16), a CI step right after typecheck. Fails when
//  (a) a message id lacks its Hindi text, or a committed catalog is stale: every package with a
//      lingui.config.ts has its ids extracted from the code (where it has an `i18n:extract` script)
//      and its catalogs compiled with `lingui compile --typescript --strict`, which fails on a
//      missing translation; a PO or compiled file that changes here was not up to date. The admin
//      portal is one of them with its one locale, English: its catalogs (the frame's and one per
//      lazy staff screen) are checked for staleness, and no Hindi is asked of it;
//  (b) a screen (client-portal/src, ui-kit/src, admin-portal/src; not tests, stories or test
//      helpers) shows a hard-coded word: ESLint with the selectors of eslint.config.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'lingui.config.ts')))
  .map((entry) => join(root, entry.name));

function run(cwd, command, args) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

function snapshot() {
  const files = new Map();
  for (const pkg of packages) {
    const dir = join(pkg, 'src', 'locales');
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      files.set(relative(root, join(dir, name)), readFileSync(join(dir, name), 'utf8'));
    }
  }
  return files;
}

const failures = [];
const before = snapshot();
for (const pkg of packages) {
  const name = relative(root, pkg);
  const scripts = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).scripts ?? {};
  if (scripts['i18n:extract'] && !run(pkg, 'pnpm', ['run', '--silent', 'i18n:extract'])) {
    failures.push(`${name}: lingui extract failed`);
  }
  if (!run(pkg, 'pnpm', ['exec', 'lingui', 'compile', '--typescript', '--strict'])) {
    failures.push(`${name}: a message has no translation (lingui compile --strict)`);
  }
}
const after = snapshot();
for (const [file, text] of after) {
  if (before.get(file) !== text) {
    failures.push(`${file} was stale (now updated here: review and commit it)`);
  }
}

console.log('\nHard-coded words on screens (ESLint):');
if (!run(root, 'pnpm', ['exec', 'eslint', 'client-portal/src', 'ui-kit/src', 'admin-portal/src'])) {
  failures.push('a screen holds a hard-coded string (see ESLint above)');
} else {
  console.log('none');
}

if (failures.length > 0) {
  console.error(`\ni18n check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`\ni18n check passed: ${packages.map((pkg) => relative(root, pkg)).join(', ')}.`);
