// Needs `pnpm --filter @blockindex/spec build` first (the root test script builds before testing).
import { STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as constants from '../dist/constants.js';
import { DEPRECATED_OPERATIONS, OPERATIONS, PAGE_SIZE, STATUS_TEXT } from '../dist/constants.js';
import { collectStatusText, errorExamples, replacementName } from '../scripts/constants-module.mjs';
import { loadDocument } from './helpers/document.js';

const require = createRequire(import.meta.url);
const doc = loadDocument() as {
  paths: Record<
    string,
    Record<string, { operationId: string; deprecated?: boolean; 'x-replacement'?: string; responses: object }>
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
    expect(DEPRECATED_OPERATIONS.getBlockByBurnBlockHash.successor).toBe('getBlocksByBurnBlock');
    expect(DEPRECATED_OPERATIONS.getBlockByBurnBlockHash.replacement).toBe(
      'getBlocksByBurnBlock (GET /extended/v2/burn-blocks/{height_or_hash}/blocks)',
    );
    for (const { successor, replacement, warning } of Object.values(DEPRECATED_OPERATIONS)) {
      expect(warning).toMatch(/^299 - "Deprecated: .+"$/);
      // The successor is an operation of the document, not deprecated, named with its route.
      const route = OPERATIONS[successor];
      expect(replacement).toBe(`${successor} (${route.method} ${route.path})`);
      expect(successor in DEPRECATED_OPERATIONS).toBe(false);
    }
  });

  it('exports each replacement on its own as <operationId>Replacement, the same string the table holds', () => {
    const alone = Object.entries(constants).filter(([name]) => name.endsWith('Replacement'));
    expect(alone.map(([name]) => name).sort()).toEqual(
      Object.keys(DEPRECATED_OPERATIONS).map(replacementName).sort(),
    );
    for (const [id, { replacement }] of Object.entries(DEPRECATED_OPERATIONS)) {
      expect((constants as Record<string, unknown>)[replacementName(id)]).toBe(replacement);
    }
    expect(constants.getAddressTransactionsReplacement).toBe(
      'getPrincipalTransactions (GET /extended/v3/principals/{principal}/transactions)',
    );
  });

  it("words statuses as Node's http module does (what Fastify puts in an error body's `error`)", () => {
    expect(STATUS_TEXT[200]).toBe('OK');
    expect(STATUS_TEXT[304]).toBe('Not Modified');
    expect(STATUS_TEXT[404]).toBe('Not Found');
    expect(STATUS_TEXT[413]).toBe('Payload Too Large');
    expect(STATUS_TEXT[429]).toBe('Too Many Requests');
    expect(STATUS_TEXT[503]).toBe('Service Unavailable');
  });

  it('covers every status the document declares and every error status, nothing else', () => {
    const declared = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => Object.keys(op.responses))
      .filter((key) => /^\d{3}$/.test(key));
    for (const status of declared) expect(STATUS_TEXT[Number(status)], status).toBeTypeOf('string');
    for (let status = 400; status <= 599; status += 1) {
      expect(STATUS_TEXT[status], String(status)).toBe(STATUS_CODES[status]);
    }
    expect(STATUS_TEXT[100]).toBeUndefined();
    expect(STATUS_TEXT[201]).toBeUndefined();
  });

  it('builds the status table, packed into one string in the module, back to exactly what the document gives', () => {
    const wanted = collectStatusText(doc);
    expect({ ...STATUS_TEXT }).toEqual(wanted);
    expect(Object.keys(STATUS_TEXT)).toEqual(Object.keys(wanted));
    expect(Object.isFrozen(STATUS_TEXT)).toBe(true);
    expect({ ...require('../dist/constants.cjs').STATUS_TEXT }).toEqual(wanted);
  });

  it('agrees with the `error` of every error example of the document (bodies with a statusCode)', () => {
    const examples = errorExamples(doc);
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const { where, statusCode, error } of examples) expect(STATUS_TEXT[statusCode], where).toBe(error);
  });

  it('fails the build when an error example disagrees with its statusCode', () => {
    const broken = {
      paths: {
        '/x': { get: { responses: { '404': { example: { statusCode: 404, error: 'Not found' } } } } },
      },
    };
    expect(() => collectStatusText(broken)).toThrow(/#\/paths\/~?.*error "Not found", expected "Not Found"/);
  });

  it('is frozen, and the same from CommonJS', () => {
    expect(Object.isFrozen(DEPRECATED_OPERATIONS.getBlockByBurnBlockHash)).toBe(true);
    const cjs = require('../dist/constants.cjs') as Record<string, unknown>;
    expect(cjs).toEqual({ ...constants });
  });
});

describe('@blockindex/spec/types', () => {
  it('resolves from both module systems (declarations only, empty modules)', () => {
    expect(Object.keys(require('@blockindex/spec/types'))).toEqual([]);
  });
});
