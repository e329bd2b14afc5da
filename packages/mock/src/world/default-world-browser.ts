import type { StoredTip } from './tip-records';
import type { WorldSnapshot } from './world-snapshot';

/**
 * What browser bundles get in place of generated/default-world.ts (package.json `browser`): no snapshot, so the
 * default world is generated in full there, and the page does not download the snapshot's 280 kB.
 */
export const DEFAULT_WORLD_DATA: WorldSnapshot | undefined = undefined;

/** No stored records of the newest blocks either. */
export const DEFAULT_WORLD_TIP: StoredTip | undefined = undefined;
