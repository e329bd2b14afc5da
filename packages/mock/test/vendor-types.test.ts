import { beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from './support/spec-schemas';
import { collectSamples, type Sample, shapesOf } from './support/vendor-samples';
import { checkAgainstVendorTypes, describeProblem } from './support/vendor-type-check';

// The mock's real answers, checked against the types of the vendor's own client (`paths` of
// `@stacks/blockchain-api-client` 9.0.2, generated from upstream's OpenAPI document): a user who types the mock's
// answers with the vendor's client must get no type error. spec/test/vendor-drift.test-d.ts compares our spec's
// types with the vendor's; this compares what the mock actually sends, field by field, and as object literals, so
// a field the vendor does not declare fails too (assignability alone lets extra fields through).

/**
 * Where the vendor's types accept any key, so a field there is not checked by name, each with its reason. Any other
 * open place (`any`, `unknown`, an index signature) would be a new hole in this check, and fails the test below.
 * No exceptions the other way: the mock sends no field the vendor's types refuse, so none is listed.
 */
const OPEN_IN_VENDOR_TYPES: Record<string, string> = {
  '/extended/v2/smart-contracts/status [key]':
    'a map keyed by the contract ids asked for; its values are checked',
  '/extended/v1/block/by_burn_block_height/{burn_block_height} .microblock_tx_count[key]':
    'a map keyed by microblock hash; the mock sends {} (no microblocks since Nakamoto)',
  '/extended/v1/block/by_burn_block_hash/{burn_block_hash} .microblock_tx_count[key]':
    'a map keyed by microblock hash; the mock sends {} (no microblocks since Nakamoto)',
};

let samples: Sample[];
let shapes: Map<string, Set<string>>;
beforeAll(async () => {
  ({ samples, shapes } = await collectSamples());
}, 120_000);

const V3_LIST = '/extended/v3/principals/{principal}/transactions';

describe("the mock's answers against the vendor's types", () => {
  it('answers for the nine Stacks operations, the named cases and every stage', () => {
    const stages = new Map<string, Set<string>>();
    for (const { operationId, stage } of samples) {
      stages.set(operationId, (stages.get(operationId) ?? new Set()).add(stage));
    }
    expect(stages.size).toBe(9);
    for (const [operationId, seen] of stages) {
      expect([...seen], operationId).toEqual(['default world', 'after mining', 'after a re-org']);
    }
    const urls = samples.map((s) => s.url);
    expect(urls).toContain('/extended/v2/burn-blocks/latest/blocks');
    // Empty pages, a cursor page, and (after the re-org) a cursor into a block it removed.
    expect(samples.some((s) => s.template === V3_LIST && page(s).results.length === 0)).toBe(true);
    expect(samples.some((s) => s.url.includes('/blocks?offset=1000') && page(s).results.length === 0)).toBe(
      true,
    );
    expect(samples.some((s) => s.template === V3_LIST && s.url.includes('cursor='))).toBe(true);
    expect(samples.some((s) => s.stage === 'after a re-org' && s.url.includes('limit=5&cursor='))).toBe(true);
  });

  it('keeps an answer for every shape the mock answered with', () => {
    for (const [operationId, seen] of shapes) {
      const kept = new Set<string>();
      for (const sample of samples) if (sample.operationId === operationId) shapesOf(sample.body, '', kept);
      expect(
        [...seen].filter((shape) => !kept.has(shape)),
        operationId,
      ).toEqual([]);
    }
  });

  it('validates every sample against the spec', () => {
    const failures = samples.flatMap((s) => {
      const errors = schemaErrors(s.operationId, 200, s.body);
      return errors ? [`${s.operationId} (${s.stage}) GET ${s.url}: ${errors}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('type-checks every sample as the vendor 200 body of its path', { timeout: 120_000 }, () => {
    const { problems, open } = checkAgainstVendorTypes(samples);
    const described = problems.map(describeProblem);
    expect(described, described.join('\n')).toEqual([]);
    expect(open).toEqual(Object.keys(OPEN_IN_VENDOR_TYPES).sort());
  });

  it('names the operation, request and field of an answer the vendor type refuses', {
    timeout: 120_000,
  }, () => {
    const base = samples.find((s) => s.template === V3_LIST && page(s).results.length > 0) as Sample;
    const v2 = samples.find((s) => s.operationId === 'getAddressTransactions' && page(s).results.length > 0);
    const status = samples.find((s) => s.operationId === 'getSmartContractsStatus') as Sample;
    const deployed = Object.keys(status.body as object)[0] as string;
    const wrong = (sample: Sample, url: string, change: (first: Record<string, unknown>) => void): Sample => {
      const body = structuredClone(sample.body) as { results: Record<string, unknown>[] };
      change(body.results[0] as Record<string, unknown>);
      return { ...sample, url, body };
    };
    const tx = (row: Record<string, unknown>) => row.transaction as Record<string, unknown>;
    const cases = [
      base,
      wrong(base, 'renamed', (row) => {
        tx(row).fee_rates = tx(row).fee_rate;
        delete tx(row).fee_rate;
      }),
      wrong(base, 'a number as a string', (row) => {
        const block = tx(row).block as Record<string, unknown>;
        block.height = String(block.height);
      }),
      wrong(base, 'missing', (row) => delete row.involvement),
      wrong(v2 as Sample, 'an unknown enum value', (row) => {
        (row.tx as Record<string, unknown>).tx_status = 'pending_forever';
      }),
      { ...status, url: 'a map value', body: { [deployed]: { found: false, result: null } } },
    ];
    const { problems } = checkAgainstVendorTypes(cases);
    const found = problems.map((p) => [p.sample.url, p.field, p.message.split('\n')[0]]);
    expect(found).toEqual([
      [
        'renamed',
        '.results[0].transaction.fee_rates',
        expect.stringMatching(
          /^Object literal may only specify known properties, and '"fee_rates"' does not exist in type/,
        ),
      ],
      [
        'a number as a string',
        '.results[0].transaction.block.height',
        "Type 'string' is not assignable to type 'number'.",
      ],
      ['missing', '.results[0]', expect.stringContaining("Property 'involvement' is missing")],
      [
        'an unknown enum value',
        '.results[0].tx.tx_status',
        expect.stringMatching(/^Type '"pending_forever"' is not assignable to type '"success" \| /),
      ],
      [
        'a map value',
        `.${deployed}.result`,
        expect.stringMatching(
          /^Object literal may only specify known properties, and '"result"' does not exist/,
        ),
      ],
    ]);
    expect(describeProblem(problems[1] as (typeof problems)[number])).toBe(
      `getPrincipalTransactions (${base.stage}) GET a number as a string at .results[0].transaction.block.height: ${problems[1]?.message}`,
    );
  });
});

describe('shapesOf', () => {
  it('names each object by path, keys and JSON types, enum-like strings and booleans by value', () => {
    const body = { results: [{ tx_type: 'coinbase', fee: '0x01', n: 1, ok: true, x: null }], cursor: [] };
    expect([...shapesOf(body)]).toEqual([
      ' {cursor: array, results: array}',
      '.results[] {fee: string, n: number, ok: true, tx_type: "coinbase", x: null}',
      '.cursor: []',
    ]);
  });
});

function page(sample: Sample): { results: unknown[] } {
  return sample.body as { results: unknown[] };
}
