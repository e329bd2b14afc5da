import type { WorldSnapshot } from './world-snapshot';

/**
 * What browser bundles get in place of generated/default-world.ts (package.json `browser`): no snapshot, so the
 * default world is generated in full there, and the page does not download the snapshot's 170 kB.
 */
export const DEFAULT_WORLD_DATA: WorldSnapshot | undefined = undefined;
