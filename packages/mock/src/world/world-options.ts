import { DEFAULT_MAX_MINED_TRANSACTIONS, type World, type WorldOptions } from './world';

/** The options of `createWorld` once checked, every default filled in. */
export type CheckedWorldOptions = { readonly [Name in keyof WorldOptions]-?: number };

/**
 * Most transactions a world may generate at creation (`blocks` × `transactionsPerBlock`). A world this size retains
 * 122 MiB of heap and builds in 1.2 s on the bench machine (bench `world-generation`, 100k-transaction world, medians
 * in bench/RESULTS.md: 1,284 B per transaction, about what a mined one costs). Past it the process could run out of
 * memory instead of answering.
 */
export const MAX_GENERATED_TRANSACTIONS = 100_000;

const DEFAULTS: CheckedWorldOptions = {
  seed: 1,
  blocks: 300,
  transactionsPerBlock: 10,
  addresses: 40,
  maxMinedTransactions: DEFAULT_MAX_MINED_TRANSACTIONS,
};

/** Each option's allowed integers, inclusive; `seed` is read modulo 2^32. */
export const WORLD_OPTION_RANGES: {
  readonly [Name in keyof CheckedWorldOptions]: readonly [number, number];
} = {
  seed: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  blocks: [1, 10_000],
  transactionsPerBlock: [1, 1_000],
  // Fewer than 10 counts as 10: the population needs that many to draw distinct parties.
  addresses: [0, 10_000],
  maxMinedTransactions: [0, Number.MAX_SAFE_INTEGER],
};

const NAMES = Object.keys(DEFAULTS) as (keyof CheckedWorldOptions)[];

/**
 * Checks `createWorld`'s options before any work: a `TypeError` for something that is not an options object, an
 * unknown option or a value that is not a number, a `RangeError` for a number outside its range (`NaN`,
 * `Infinity` and fractions included) or a world too large to generate; each message names the option and what it
 * accepts.
 */
export function checkWorldOptions(options: unknown): CheckedWorldOptions {
  if (options === undefined) return DEFAULTS;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`createWorld options must be an object, got ${describe(options)}`);
  }
  for (const name of Object.keys(options)) {
    if (!(NAMES as string[]).includes(name)) {
      throw new TypeError(`createWorld has no option "${name.slice(0, 64)}" (options: ${NAMES.join(', ')})`);
    }
  }
  const given = options as Record<string, unknown>;
  const checked = { ...DEFAULTS };
  for (const name of NAMES) {
    const value = given[name];
    if (value !== undefined) checked[name] = checkInteger(name, value);
  }
  const generated = checked.blocks * checked.transactionsPerBlock;
  if (generated > MAX_GENERATED_TRANSACTIONS) {
    throw new RangeError(
      `blocks × transactionsPerBlock must be at most ${MAX_GENERATED_TRANSACTIONS} (transactions generated at creation), got ${checked.blocks} × ${checked.transactionsPerBlock} = ${generated}`,
    );
  }
  return checked;
}

function checkInteger(name: keyof CheckedWorldOptions, value: unknown): number {
  const [min, max] = WORLD_OPTION_RANGES[name];
  const range = `an integer from ${min} to ${max}`;
  if (typeof value !== 'number') throw new TypeError(`${name} must be ${range}, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be ${range}, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 64))}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `${typeof value} ${String(value)}`;
  }
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}

const created = new WeakMap<World, CheckedWorldOptions>();

/** Remembers the options `world` was created with, so a host's reset can create it again. */
export function rememberWorldOptions(world: World, options: CheckedWorldOptions): void {
  created.set(world, options);
}

/**
 * The options a world was created with (seed, size and bounds), or just its seed for a World not made by
 * `createWorld`: what a host's reset creates again.
 */
export function worldOptionsOf(world: World): WorldOptions {
  return created.get(world) ?? { seed: world.seed };
}
