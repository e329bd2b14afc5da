// Drives the BUILT development app (`pnpm build` writes dist-dev/) in Debian's Chromium: a tiny static server
// hosts it, the page starts the MSW service worker, and we click through. The mock's world is seeded, so the
// same `createWorld()` here in Node is the ground truth for what the page must show.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorld } from '@blockindex/mock';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './helpers/serve-static.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MISSING_CHROMIUM = 'install chromium: apt-get install -y chromium';
const DIST = fileURLToPath(new URL('../dist-dev/', import.meta.url));
const SCREENSHOT = fileURLToPath(new URL('../test-results/react-app.png', import.meta.url));

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  // CI must run this test, so there a missing browser is a failure; on a laptop it is a skip that says why.
  if (!process.env.CI) console.warn(`Skipping the browser test: ${MISSING_CHROMIUM}`);
  (process.env.CI ? it : it.skip)(MISSING_CHROMIUM, () => {
    throw new Error(MISSING_CHROMIUM);
  });
}

describe.skipIf(!hasChromium)('react app', () => {
  const world = createWorld();
  const { address, contractIds, ticker } = world.fixtures;
  const problems: string[] = []; // page errors and console errors (React's duplicate-key warning among them)
  let server: Server;
  let browser: Browser;
  let page: Page;

  const shownTxIds = () =>
    page.locator('#transactions li').evaluateAll((items) => items.map((li) => li.getAttribute('data-tx-id')));

  beforeAll(async () => {
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error('dist-dev/ is missing: run `pnpm --filter @blockindex/example-react-app build` first');
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
    page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
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

  it('shows the BRC-20 token card', async () => {
    const truth = world.getBrc20Token(ticker);
    const card = page.locator('#token');
    await card.locator('dl.token').waitFor();
    expect(await card.locator('.ticker').textContent()).toBe(ticker.toUpperCase());
    expect(await card.locator('.holders').textContent()).toBe(truth?.supply.holders.toLocaleString('en-US'));
  });

  it('shows found, pending and never-deployed contracts', async () => {
    const view = page.locator('#contracts');
    await expect.poll(() => view.locator('tbody tr').count()).toBe(contractIds.length);
    expect(await view.locator('td.state').allTextContents()).toEqual(['found', 'pending', 'not found']);
  });

  it('lists the address transactions and loads more', async () => {
    const truth = world.listAddressTransactions(address, { limit: 20, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    await expect.poll(() => page.locator('#transactions li').count()).toBe(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('#transactions li').count()).toBe(20);
    expect(await shownTxIds()).toEqual(truth.results.map((item) => item.tx.tx_id));
    expect(await page.locator('#transactions .summary').textContent()).toBe(
      `20 of ${truth.total} transactions`,
    );
  });

  it('mines a block: new rows at the top, none twice, then loads more where it left off', async () => {
    const before = await shownTxIds();
    const total = Number(
      (await page.locator('#transactions .summary').textContent())?.split(' of ')[1]?.split(' ')[0],
    );
    const tip = Number(await page.locator('#dev-tools .tip').textContent());

    await page.getByRole('button', { name: 'Mine a block' }).click();
    await expect.poll(() => page.locator('#dev-tools .tip').textContent()).toBe(String(tip + 1));
    await expect.poll(async () => (await shownTxIds())[0]).not.toBe(before[0]);
    await expect.poll(() => page.getByRole('button', { name: 'Mine a block' }).isEnabled()).toBe(true);

    const after = await shownTxIds();
    const added = after.indexOf(before[0] ?? '');
    expect(added).toBeGreaterThan(0); // the mined transaction(s) came in at the top...
    expect(after.slice(added)).toEqual(before.slice(0, after.length - added)); // ...above the rows shown before
    expect(new Set(after).size).toBe(after.length);
    expect(await page.locator('#transactions .summary').textContent()).toBe(
      `${after.length} of ${total + added} transactions`,
    );

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('#transactions li').count()).toBe(after.length + 10);
    const more = await shownTxIds();
    expect(more.slice(0, after.length)).toEqual(after);
    // The rows the new ones pushed off the end come back first: nothing skipped, nothing repeated.
    expect(more.slice(after.length, after.length + added)).toEqual(before.slice(before.length - added));
    expect(new Set(more).size).toBe(more.length);
  });

  it('re-orgs: the tip moves back, orphaned rows leave the list, none twice, no error shown, load more goes on', async () => {
    // The page mined one block touching the address above; the same history here gives byte-identical answers.
    world.mineBlock({ address });
    const tip = Number(await page.locator('#dev-tools .tip').textContent());
    expect(tip).toBe(world.tip.height);
    const shownBefore = (await shownTxIds()).length;

    await page.getByRole('button', { name: 'Re-org' }).click();
    const { orphanedTransactions } = world.reorg({ depth: 2, replaceWith: 1 });
    await expect.poll(() => page.locator('#dev-tools .tip').textContent()).toBe(String(tip - 1));
    await expect.poll(() => page.getByRole('button', { name: 'Re-org' }).isEnabled()).toBe(true);
    expect(await page.locator('#dev-tools .reorged').textContent()).toContain(
      `orphaned ${orphanedTransactions.length} transaction`,
    );

    const truth = (count: number) => {
      const list = world.listAddressTransactions(address, { limit: count, offset: 0 });
      if ('error' in list) throw new Error(list.error);
      return list.results.map((row) => row.tx.tx_id);
    };
    // Every page refetched from the list as it is now: the same number of rows, exact.
    await expect.poll(shownTxIds).toEqual(truth(shownBefore));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.locator('#transactions li').count()).toBe(shownBefore + 10);
    const more = await shownTxIds();
    expect(more).toEqual(truth(shownBefore + 10));
    expect(new Set(more).size).toBe(more.length);
    expect(await page.locator('#transactions [role="alert"], #transactions .error').count()).toBe(0);
  });

  it('shows column headers, and fits a 390 px phone screen without scrolling sideways', async () => {
    expect(await page.locator('#transactions .columns').textContent()).toBe(
      'TypeTransactionBlockSentReceived',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1100, height: 1000 });
  });

  it('prints the deprecation warning once per browser, not on every load', async () => {
    const warnings: string[] = [];
    const listen = (message: { type(): string; text(): string }) => {
      if (message.type() === 'warning' && message.text().includes('Deprecated'))
        warnings.push(message.text());
    };
    page.on('console', listen);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await expect.poll(() => page.locator('#transactions li').count()).toBeGreaterThan(0);
    page.off('console', listen);
    // The first load (before this test) already warned and remembered it.
    expect(warnings).toEqual([]);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('blockindex-warned:'))),
    ).toContain('blockindex-warned:getAddressTransactions');
  });

  it('saves a screenshot and logged no errors', async () => {
    await mkdir(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(problems).toEqual([]);
  });
});
