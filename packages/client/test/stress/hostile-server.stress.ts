import { createGzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, ResponseTooLargeError } from '../../src/index.js';
import { type HostileServer, startHostileServer } from '../hardening/helpers/hostile-server';
import { bySize, STRESS_MODE } from './helpers/stress-mode';

// The heavy hostile-server cases: bodies far larger than the bound, read with the client's defaults. Memory is
// measured around each call; the bug these guard against cost gigabytes, so the margin is generous.

const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Serves an endless gzip stream of zeros: a few kilobytes on the wire per hundred megabytes decoded. */
async function gzipBombServer(decodedBytes: number) {
  const server = await startHostileServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    const gzip = createGzip();
    gzip.pipe(res);
    gzip.write('{"pad":"');
    const chunk = Buffer.alloc(1024 * 1024, 0x30);
    let sent = 0;
    const pump = () => {
      while (sent < decodedBytes && !res.destroyed) {
        sent += chunk.length;
        if (!gzip.write(chunk)) {
          gzip.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) gzip.end('"}');
    };
    res.on('close', () => gzip.destroy());
    pump();
  });
  servers.push(server);
  return server;
}

describe(`hostile server, heavy cases (${STRESS_MODE})`, () => {
  it('stops a gzip bomb at the default 8 MiB bound with memory near the bound', async () => {
    const decoded = bySize({ short: 128, full: 700 }) * 1024 * 1024;
    const server = await gzipBombServer(decoded);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const error = await createClient({ baseUrl: server.url })
        .getBrc20Token('ordi')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect((error as ResponseTooLargeError).maxBytes).toBe(8 * 1024 * 1024);
      expect(server.requests).toHaveLength(1);
    } finally {
      clearInterval(sampler);
    }
    const grewMb = (peak - before) / 1024 / 1024;
    console.log(
      `client gzip bomb (${STRESS_MODE}): ${decoded / 1024 / 1024} MiB offered, RSS grew ${grewMb.toFixed(0)} MiB`,
    );
    expect(grewMb).toBeLessThan(400);
  });
});
