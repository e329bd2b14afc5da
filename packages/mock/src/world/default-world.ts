import { DEFAULT_WORLD_DATA, DEFAULT_WORLD_TIP } from './generated/default-world';
import type { StoredTip } from './tip-records';
import type { WorldSnapshot } from './world-snapshot';

/** The default world's snapshot (seed 1, default sizes), or undefined in builds that leave it out (browsers). */
export const DEFAULT_WORLD: WorldSnapshot | undefined = DEFAULT_WORLD_DATA;

/** The records of the default world's newest blocks, where the snapshot is shipped. */
export const DEFAULT_TIP: StoredTip | undefined = DEFAULT_WORLD_TIP;
