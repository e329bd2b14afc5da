import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStressFigures } from '../../../../test/support/stress-figures';
import { PARSED_BUDGET_FACTOR } from '../../src/guards';
import { measureJson, parsedBytes } from '../../src/internal/json-cost';
import { bySize, STRESS_MODE } from './helpers/stress-mode';

// Issue 21, item 5: whatever shape a body has, one call's peak RSS grows by at most 4 times maxResponseBytes.
// Each call runs in a child process of its own (the client built from src/ into a throwaway bundle), which reads
// its kernel high-water mark around the call; the server runs here. Every shape is tried at the bound (refused or
// not) and at the largest size the client accepts, which it then parses: the worst case for memory.
//
// 32 MiB, not the 8 MiB default: V8 and undici take 20 to 40 MB of working memory for any large read (young
// generation, buffers waiting for a collection), a fixed cost that would hide the client's own at a smaller bound.

const MAX_BYTES = 32 * 1024 * 1024;
const MB = 1024 * 1024;
const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./helpers/rss-child.mjs', import.meta.url));

/** `count` copies of `item` in an array; `item` may be a function of the copy's index. */
function array(bytes: number, item: (i: number) => string): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const next = item(i);
    parts.push(next);
    size += next.length + 1;
  }
  return `[${parts.join(',')}]`;
}

/** Body shapes, each as a function of a size in bytes: the ones that cost most once parsed, and a flat string. */
const SHAPES: Record<string, (bytes: number) => string> = {
  'empty objects': (b) => array(b, () => '{}'),
  'empty arrays': (b) => array(b, () => '[]'),
  'nested arrays': (b) => `${'['.repeat(b / 2)}${']'.repeat(b / 2)}`,
  'small integers': (b) => array(b, () => '1'),
  'large numbers': (b) => array(b, (i) => String(2 ** 40 + i)),
  'short distinct strings': (b) => array(b, (i) => `"${i.toString(36)}"`),
  'objects each with a new key': (b) => array(b, (i) => `{"${i.toString(36)}x":0}`),
  'objects with an index key': (b) => array(b, () => '{"7":0}'),
  'one object with every key': (b) => `{${array(b, (i) => `"k${i.toString(36)}":0`).slice(1, -1)}}`,
  'one long string': (b) => JSON.stringify('a'.repeat(b - 2)),
  'one long wide string': (b) => JSON.stringify(`${'a'.repeat(b - 4)}\u0100`),
};

/** What the client's budget says a body needs: its text and its parsed values. */
function needed(text: string): number {
  const wide = /[^\0-\xff]/.test(text);
  return text.length * (wide ? 2 : 1) + parsedBytes(measureJson(Buffer.from(text)), wide);
}

/** The largest body of a shape the client accepts: under the byte bound, and within the parse budget (95 %). */
function largestAccepted(make: (bytes: number) => string): string {
  let size = Math.floor(MAX_BYTES * 0.99);
  for (;;) {
    const text = make(size);
    const need = needed(text);
    if (need <= PARSED_BUDGET_FACTOR * MAX_BYTES * 0.95 && Buffer.byteLength(text) <= MAX_BYTES) return text;
    size = Math.floor(size * Math.min(0.97, (PARSED_BUDGET_FACTOR * MAX_BYTES * 0.93) / need));
  }
}

const bodies = new Map<string, Buffer>();
let server: Server;
let baseUrl = '';
let bundleDir = '';

beforeAll(async () => {
  // The client as its users get it, from the current source (dist/ may be stale when this runs alone).
  bundleDir = mkdtempSync(`${PACKAGE}node_modules/.memory-bound-`);
  await build({
    entry: { index: `${PACKAGE}src/index.ts` },
    outDir: bundleDir,
    format: ['esm'],
    dts: false,
    silent: true,
    config: false,
    target: 'node20',
    sourcemap: false,
  });
  server = createServer((req, res) => {
    const [, key = '', encoding] = (req.url ?? '').split('/');
    const body = key === 'warm' ? Buffer.from('{"token":{}}') : bodies.get(decodeURIComponent(key));
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    if (encoding === 'gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(body));
    } else {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (bundleDir && existsSync(bundleDir)) rmSync(bundleDir, { recursive: true, force: true });
});

/** One call in a fresh child: the RSS growth at its peak and how the call ended. */
function measure(key: string, encoding: string): Promise<{ grew: number; outcome: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        CHILD,
        `${bundleDir}/index.js`,
        `${baseUrl}/${encodeURIComponent(key)}/${encoding}`,
        String(MAX_BYTES),
        `${baseUrl}/warm/`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`the measuring child exited with ${code}: ${err.slice(0, 500)}`));
        return;
      }
      const { before, peak, outcome } = JSON.parse(out) as { before: number; peak: number; outcome: string };
      resolve({ grew: peak - before, outcome });
    });
  });
}

const shapes = bySize({
  short: ['empty objects', 'nested arrays', 'objects each with a new key', 'one long string'],
  full: Object.keys(SHAPES),
});
const encodings = bySize({ short: ['identity'], full: ['identity', 'gzip'] });

describe.skipIf(process.platform !== 'linux')(`memory of one call, any body shape (${STRESS_MODE})`, () => {
  const figures: string[] = [];
  afterAll(() => recordStressFigures('client memory bound', STRESS_MODE, figures));

  for (const shape of shapes) {
    for (const [size, make] of [
      ['at the bound', (m: (b: number) => string) => m(Math.floor(MAX_BYTES * 0.99))],
      ['the largest accepted', largestAccepted],
    ] as const) {
      for (const encoding of encodings) {
        it(`${shape}, ${size}, ${encoding}: peak RSS grows by at most 4x maxResponseBytes`, async () => {
          const key = `${shape} ${size}`;
          if (!bodies.has(key)) bodies.set(key, Buffer.from(make(SHAPES[shape] as (b: number) => string)));
          const body = bodies.get(key) as Buffer;
          const { grew, outcome } = await measure(key, encoding);
          figures.push(
            `${key} (${encoding}): ${(body.length / MB).toFixed(1)} MB body, RSS grew ${(grew / MB).toFixed(0)} MB ` +
              `(${(grew / MAX_BYTES).toFixed(2)}x maxResponseBytes), ${outcome}`,
          );
          // The call ends, one way or another, in one of the client's answers: never a crash.
          expect(outcome).toMatch(/^(resolved|ResponseParseError|ResponseTooLargeError)$/);
          expect(grew).toBeLessThanOrEqual(4 * MAX_BYTES);
        });
      }
    }
  }
});
