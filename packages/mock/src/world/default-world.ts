import { DEFAULT_WORLD_DATA } from './generated/default-world';
import type { WorldSnapshot } from './world-snapshot';

/** The default world's snapshot (seed 1, default sizes), or undefined in builds that leave it out (browsers). */
export const DEFAULT_WORLD: WorldSnapshot | undefined = DEFAULT_WORLD_DATA;
