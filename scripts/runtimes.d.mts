// Types of scripts/runtimes.mjs, for the TypeScript matrix that imports it.

/** Where runtimes live: outside git, reused across runs. */
export const cacheDir: string;

/** The matrix's runtimes: npm package, exact version, the tarball's integrity and the binary inside it. */
export const runtimes: Record<
  'node20' | 'node22' | 'node24' | 'node26' | 'bun' | 'deno' | 'workerd',
  { spec: string; integrity: string; bin: string }
>;

/** `deno run` flags that keep a script to the workspace's own node_modules (no remote module, no download). */
export const denoRunFlags: readonly string[];

/** Where a runtime lives in the cache: its unpacked folder and its binary (present or not). */
export function cachedRuntime(name: string): { dir: string; bin: string };

/** Returns the path of a runtime's binary, fetching and unpacking it into the cache first if it is not there. */
export function ensureRuntime(name: string): string;
