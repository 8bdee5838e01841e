// Screenshots every story of the built Storybook at phone and desktop width, for review.
// Usage (from the repo root): pnpm build-storybook && node ui-kit/scripts/screenshot-stories.mjs
// Options: --static <dir> (default storybook-static), --out <dir> (default /tmp/ui-kit-shots),
//          --filter <text> (only story ids containing it).
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '../..');
const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const staticDir = resolve(repoRoot, args.get('--static') ?? 'storybook-static');
const outDir = resolve(args.get('--out') ?? '/tmp/ui-kit-shots');
const filter = args.get('--filter') ?? '';
const widths = [360, 1280];

// Playwright is installed once, for the e2e package; borrow it rather than install a second copy.
const requireFromE2e = createRequire(join(repoRoot, 'e2e/package.json'));
const { chromium } = requireFromE2e('@playwright/test');
// axe-core again, this time in a real browser: jsdom cannot check colour contrast, Chromium can.
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const file = normalize(join(staticDir, path === '/' ? 'index.html' : path));
  if (!file.startsWith(staticDir)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address();
const base = `http://127.0.0.1:${port}`;

const index = JSON.parse(await readFile(join(staticDir, 'index.json'), 'utf8'));
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && entry.id.includes(filter),
);

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

let failures = 0;
try {
  for (const width of widths) {
    for (const story of stories) {
      // A fresh page per story: no state (or memory) carries over from the previous story.
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      const url = `${base}/iframe.html?id=${story.id}&viewMode=story`;
      await page.goto(url);
      // Storybook adds this class once the story has rendered and its play function has run.
      await page
        .waitForSelector('body.sb-show-main, body.sb-show-errordisplay', { timeout: 15000 })
        .catch(() => {});
      await page.waitForTimeout(300);
      const failed = await page.locator('body.sb-show-errordisplay').count();
      if (failed) {
        failures += 1;
        console.error(`FAILED ${story.id} at ${width}px`);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      if (overflow) console.warn(`horizontal overflow: ${story.id} at ${width}px`);
      await page.addScriptTag({ path: axeSource });
      const violations = await page.evaluate(async () => {
        // The story root plus portals (dialogs); Storybook's own hidden docs root is left out.
        const include = [...document.body.children].filter(
          (element) => element.id !== 'storybook-docs' && element.tagName !== 'SCRIPT',
        );
        // The a11y addon runs axe in the same page after each render; wait for it to finish.
        for (let attempt = 0; ; attempt += 1) {
          try {
            const result = await window.axe.run(
              { include },
              { rules: { region: { enabled: false } } },
            );
            return result.violations.map(
              (violation) => `${violation.id} (${violation.nodes.map((n) => n.target).join(', ')})`,
            );
          } catch (error) {
            if (attempt > 40 || !String(error).includes('already running')) throw error;
            await new Promise((done) => setTimeout(done, 250));
          }
        }
      });
      if (violations.length) {
        failures += 1;
        console.error(`axe ${story.id} at ${width}px: ${violations.join('; ')}`);
      }
      await page.screenshot({ path: join(outDir, `${story.id}--${width}.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${stories.length} stories x ${widths.length} widths -> ${outDir}`);
if (failures) process.exitCode = 1;
