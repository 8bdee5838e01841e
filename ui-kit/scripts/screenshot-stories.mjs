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
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    for (const story of stories) {
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
      await page.screenshot({ path: join(outDir, `${story.id}--${width}.png`), fullPage: true });
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${stories.length} stories x ${widths.length} widths -> ${outDir}`);
if (failures) process.exitCode = 1;
