// biome-ignore-all lint: measurement code, not product code.
// What the client's json-cost test imports (`src/guards.js`, `src/internal/json-cost.js`), answered by the hardened
// floor: the test hands the guard and the counter the body's bytes, the floor's body hook reads the decoded text (as
// its core gives it), so this adapter decodes. Not part of any measured bundle.
import * as floor from './hardened.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
export const PARSED_BUDGET_FACTOR = floor.PARSED_BUDGET_FACTOR;
export const parsedBytes = floor.parsedBytes;
export const measureJson = (bytes: Uint8Array) => floor.measureJson(text(bytes));
export const jsonStructureLimit = () => {
  const guard = floor.jsonStructureLimit();
  return { body: guard.body && ((bytes: Uint8Array, max: number) => guard.body!(text(bytes), max)) };
};
