// The production build must ship no mock: no msw, no worker script, no world generator. The development build
// (dist-dev/) carries them, which proves the markers below would be found if they leaked.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = (folder: string) => fileURLToPath(new URL(`../${folder}/`, import.meta.url));

/** Strings only the mock brings: msw's worker URL and log prefix, the mock's Fastify-style validation code. */
const MOCK_MARKERS = ['mockServiceWorker', '[MSW]', 'FST_ERR_VALIDATION'];

async function bundleText(folder: string): Promise<string> {
  const dir = root(folder);
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${folder}/ is missing: run \`pnpm --filter @blockindex/example-react-app build\` first`);
  }
  const assets = await readdir(join(dir, 'assets'));
  const scripts = assets.filter((file) => file.endsWith('.js'));
  const texts = await Promise.all(scripts.map((file) => readFile(join(dir, 'assets', file), 'utf8')));
  return texts.join('\n');
}

describe('production bundle', () => {
  it('holds the app and no mock', async () => {
    const text = await bundleText('dist');
    expect(text).toContain('Load more');
    for (const marker of MOCK_MARKERS) expect(text, marker).not.toContain(marker);
    expect(existsSync(join(root('dist'), 'mockServiceWorker.js'))).toBe(false);
  });

  it('differs from the development build, which does hold the mock', async () => {
    const text = await bundleText('dist-dev');
    for (const marker of MOCK_MARKERS) expect(text, marker).toContain(marker);
    expect(existsSync(join(root('dist-dev'), 'mockServiceWorker.js'))).toBe(true);
  });
});
