// Drives the BUILT app (`pnpm build` first) in Debian's Chromium: a tiny static server hosts `dist/`, the
// page starts the MSW service worker, and we click through the three views. The mock's world is seeded,
// so the same `createWorld()` here in Node is the ground truth for what the page must show.
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorld } from '@blockindex/mock';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MISSING_CHROMIUM = 'install chromium: apt-get install -y chromium';
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const SCREENSHOT = fileURLToPath(new URL('../test-results/app.png', import.meta.url));

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  // CI must run this test, so there a missing browser is a failure; on a laptop it is a skip that says why.
  if (!process.env.CI) console.warn(`Skipping the browser test: ${MISSING_CHROMIUM}`);
  (process.env.CI ? it : it.skip)(MISSING_CHROMIUM, () => {
    throw new Error(MISSING_CHROMIUM);
  });
}

describe.skipIf(!hasChromium)('browser app', () => {
  const world = createWorld();
  const { address, contractIds, ticker } = world.fixtures;
  const problems: string[] = []; // page errors and console errors: the app must produce none
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error('dist/ is missing: run `pnpm --filter @blockindex/example-browser-app build` first');
    }
    server = await serveStatic(DIST);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // No --user-data-dir: Playwright makes a throwaway profile itself and rejects the flag.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('body[data-ready="true"]');
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('runs against the mock through the service worker', async () => {
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/mockServiceWorker\.js$/,
    );
  });

  it('lists the address transactions and loads more', async () => {
    const truth = world.listAddressTransactions(address, { limit: 20, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    const view = page.locator('#address-view');
    expect(await view.locator('input[name="address"]').inputValue()).toBe(address);

    await view.getByRole('button', { name: 'Show transactions' }).click();
    await expect.poll(() => view.locator('li').count()).toBe(10);
    await view.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => view.locator('li').count()).toBe(20);

    const shown = await view
      .locator('li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-tx-id')));
    expect(shown).toEqual(truth.results.map((item) => item.tx.tx_id));
    expect(await view.locator('.summary').textContent()).toBe(`20 of ${truth.total} transactions`);
  });

  it('shows found, pending and never-deployed contracts', async () => {
    const view = page.locator('#contracts-view');
    await view.getByRole('button', { name: 'Check status' }).click();
    await expect.poll(() => view.locator('tbody tr').count()).toBe(contractIds.length);

    const states = await view.locator('td.state').allTextContents();
    const expected = contractIds.map((id) => {
      const status = world.getSmartContractStatus(id);
      if (!status.found) return 'not found';
      return status.result.status === 'pending' ? 'pending' : 'found';
    });
    expect(states).toEqual(expected);
    expect(states).toEqual(['found', 'pending', 'not found']); // what the fixtures are for
  });

  it('shows the BRC-20 token card', async () => {
    const truth = world.getBrc20Token(ticker);
    const view = page.locator('#token-view');
    await view.getByRole('button', { name: 'Show token' }).click();
    await view.locator('dl.token').waitFor();

    expect(await view.locator('.ticker').textContent()).toBe(ticker.toUpperCase());
    expect(await view.locator('.holders').textContent()).toBe(truth?.supply.holders.toLocaleString('en-US'));
    const minted = Number(await view.locator('.minted').evaluate((e) => e.textContent?.replace('%', '')));
    const expected = (Number(truth?.supply.minted_supply) / Number(truth?.supply.max_supply)) * 100;
    expect(minted).toBeCloseTo(expected, 1);
  });

  it('saves a screenshot and logged no errors', async () => {
    await mkdir(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', // a service worker must be served as JavaScript
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves a folder on 127.0.0.1 and a free port: just enough HTTP for a built single-page app. */
async function serveStatic(root: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
    try {
      if (!file.startsWith(root)) throw new Error('outside the root');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
