import type { components } from '@blockindex/spec/types';
import { describe, expectTypeOf, it } from 'vitest';
import { json } from '../../src/engine/answer';
import type { PathOf, QueryOf } from '../../src/engine/context';
import { buildStatusMap } from '../../src/engine/operations/smart-contracts';
import { RawJson } from '../../src/internal/raw-json';

// The operations answer through `json()`, typed from the spec: these are the mistakes it refuses to compile.

describe('typed answers', () => {
  it('refuse, through the operations’ own json(), a body or status the spec does not have', () => {
    // @ts-expect-error a Block has many more required fields
    json('getBlockByBurnBlockHeight', 200, { height: 1 });
    // @ts-expect-error the BRC-20 404 body is exactly { error: 'Not found' }
    json('getBrc20Token', 404, { error: 'Not Found' });
    // @ts-expect-error getBrc20Token has no 400
    json('getBrc20Token', 400, { statusCode: 400, error: 'Bad Request', message: 'x' });
    // @ts-expect-error a found status needs its result
    json('getSmartContractsStatus', 200, { 'SP000000000000000000002Q6VF78.pox-3': { found: true } });
    // @ts-expect-error 304 has no body
    json('getBrc20Token', 304, {});
  });

  it('accept raw JSON only where it stands for the right type', () => {
    type Block = components['schemas']['Block'];
    const page = { limit: 1, offset: 0, total: 0, cursor: null, next_cursor: null, prev_cursor: null };
    const rows = new RawJson<components['schemas']['AddressTransaction'][]>('[]');
    const blocks = new RawJson<Block[]>('[]');
    json('getAddressTransactions', 200, { ...page, results: rows });
    // @ts-expect-error rows of another type
    json('getAddressTransactions', 200, { ...page, results: blocks });
    // @ts-expect-error raw JSON of a whole Block is not a token
    json('getBrc20Token', 200, new RawJson<Block>('{}'));
    json('getBlockByBurnBlockHeight', 200, new RawJson<Block>('{}'));
  });

  it('see validated parameters with their spec types', () => {
    expectTypeOf<PathOf<'getAddressTransactions'>>().toEqualTypeOf<{ address: string }>();
    expectTypeOf<PathOf<'getBlockByBurnBlockHeight'>['burn_block_height']>().toEqualTypeOf<number>();
    expectTypeOf<QueryOf<'getAddressTransactions'>['cursor']>().toEqualTypeOf<string | undefined>();
    expectTypeOf(buildStatusMap).returns.toEqualTypeOf<
      components['schemas']['SmartContractsStatusResponse']
    >();
  });
});
