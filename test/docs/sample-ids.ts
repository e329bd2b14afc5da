// Finds the chain identifiers written in README code blocks, so a test can check each against the mock's world.
import type { Fence } from './markdown-blocks';

/** A literal identifier in a code block, with the README line it is on. */
export interface SampleId {
  readonly where: string;
  readonly kind: 'principal' | 'hash' | 'burn-block-height';
  readonly value: string;
}

/** Lines that say so may carry identifiers the mock's world does not have. */
const EXEMPT_LINE = /\b(mainnet|unknown)\b/i;

// c32 addresses: `S`, a version letter, 38-40 c32 characters; a contract id adds `.<name>`.
const PRINCIPAL = /\bS[PMTN][0-9A-HJKMNP-TV-Z]{37,40}(?:\.[a-zA-Z][\w-]*)?/g;
const HASH = /\b0x[0-9a-fA-F]{64}\b/g;
const BURN_HEIGHT = /BurnBlockHeight\((\d+)\)|by_burn_block_height\/(\d+)/g;

/** The identifiers of every fence's lines that are not labelled {@link EXEMPT_LINE}. */
export function findSampleIds(fences: readonly Fence[]): SampleId[] {
  const ids: SampleId[] = [];
  for (const fence of fences) {
    fence.lines.forEach((text, index) => {
      if (EXEMPT_LINE.test(text)) return;
      const where = `${fence.readme}:${fence.line + index}`;
      for (const [value] of text.matchAll(PRINCIPAL)) ids.push({ where, kind: 'principal', value });
      for (const [value] of text.matchAll(HASH)) ids.push({ where, kind: 'hash', value });
      for (const [, call, path] of text.matchAll(BURN_HEIGHT))
        ids.push({ where, kind: 'burn-block-height', value: call ?? path ?? '' });
    });
  }
  return ids;
}
