// Needs `pnpm --filter @blockindex/spec build` first (the root test script builds before testing).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DEPRECATED_OPERATIONS, OPERATIONS, PAGE_SIZE } from '../dist/constants.js';
import { loadDocument } from './helpers/document.js';

const require = createRequire(import.meta.url);
const doc = loadDocument() as {
  paths: Record<
    string,
    Record<string, { operationId: string; deprecated?: boolean; 'x-replacement'?: string }>
  >;
};

describe('@blockindex/spec/constants', () => {
  it('states the page size bounds of the Limit parameter (0–50, default 20)', () => {
    expect(PAGE_SIZE).toEqual({ max: 50, default: 20 });
  });

  it('maps every operation id to its method and path', () => {
    const expected = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [op.operationId, { method: method.toUpperCase(), path }]),
    );
    expect(Object.entries(OPERATIONS)).toEqual(expected);
    expect(OPERATIONS.getBlockByBurnBlockHeight).toEqual({
      method: 'GET',
      path: '/extended/v1/block/by_burn_block_height/{burn_block_height}',
    });
  });

  it('lists exactly the deprecated operations, each with its replacement and Warning header', () => {
    const deprecated = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.deprecated)
      .map((op) => op.operationId);
    expect(Object.keys(DEPRECATED_OPERATIONS).sort()).toEqual(deprecated.sort());
    expect(DEPRECATED_OPERATIONS.getBlockByBurnBlockHash.replacement).toBe(
      'GET /extended/v2/burn-blocks/{height_or_hash}/blocks',
    );
    for (const { warning } of Object.values(DEPRECATED_OPERATIONS)) {
      expect(warning).toMatch(/^299 - "Deprecated: .+"$/);
    }
  });

  it('is frozen, and the same from CommonJS', () => {
    expect(Object.isFrozen(DEPRECATED_OPERATIONS.getBlockByBurnBlockHash)).toBe(true);
    const cjs = require('../dist/constants.cjs') as Record<string, unknown>;
    expect(cjs).toEqual({ OPERATIONS, PAGE_SIZE, DEPRECATED_OPERATIONS });
  });
});

describe('@blockindex/spec/types', () => {
  it('resolves from both module systems (declarations only, empty modules)', () => {
    expect(Object.keys(require('@blockindex/spec/types'))).toEqual([]);
  });
});
