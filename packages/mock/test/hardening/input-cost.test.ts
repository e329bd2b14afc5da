import { describe, expect, it, vi } from 'vitest';

// Validation cost must not grow with the square of the input: every parameter's length is bounded before any
// pattern or checksum runs. Counted, not timed: the c32check decoder is the costly step, so its inputs are
// recorded and must stay short whatever the request sends.
const decoded: number[] = [];
vi.mock('c32check', async (importOriginal) => {
  const original = await importOriginal<typeof import('c32check')>();
  return {
    ...original,
    c32addressDecode: (address: string) => {
      decoded.push(address.length);
      return original.c32addressDecode(address);
    },
  };
});

const { createFetchHandler, createWorld } = await import('../../src');

const world = createWorld({ seed: 1 });
const handler = createFetchHandler({ world });
const address = world.fixtures.address;

async function get(path: string) {
  const response = await handler(new Request(`http://localhost${path}`));
  return { status: response.status, text: await response.text() };
}

describe('input cost', () => {
  it.each([
    ['a 15 KiB principal', `${address}${'A'.repeat(15 * 1024)}`],
    ['a 1,025-character principal', `${address}${'0'.repeat(1025 - address.length)}`],
    ['a principal with a 200-character contract name', `${address}.${'a'.repeat(200)}`],
  ])(
    'transactions_with_transfers refuses %s with a 400, decoding at most 170 characters',
    async (_, principal) => {
      decoded.length = 0;
      const answer = await get(`/extended/v1/address/${principal}/transactions_with_transfers`);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'FST_ERR_VALIDATION' });
      expect(Math.max(0, ...decoded)).toBeLessThanOrEqual(170);
    },
  );

  it.each([
    // Upstream's address pattern has no `$`: an empty page there too.
    ['an address followed by junk', 200, `${address}junk`],
    ['an address with a NUL byte inside', 400, `${address.slice(0, 10)}%00${address.slice(10)}`],
    ['an address followed by a NUL byte', 400, `${address}%00`],
    ['the address itself', 200, address],
  ])('the v2 address list answers %s with %i (upstream’s pattern)', async (_, status, value) => {
    expect((await get(`/extended/v2/addresses/${value}/transactions?limit=1`)).status).toBe(status);
  });

  it('refuses any path value past 1,024 characters before checking it, naming it', async () => {
    const answer = await get(`/ordinals/v1/brc-20/tokens/${'x'.repeat(1025)}`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).message).toBe('params/ticker must NOT have more than 1024 characters');
  });

  it('answers a 15 KiB cursor as upstream does (its only bound is the URL), with a 404', async () => {
    const answer = await get(
      `/extended/v2/addresses/${address}/transactions?cursor=${'x'.repeat(15 * 1024)}`,
    );
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).message).toBe('Invalid cursor format');
  });

  it('answers a 10 MB URL with a small 431, echoing nothing of it', async () => {
    const answer = await get(`/${'a'.repeat(10 * 1024 * 1024)}`);
    expect(answer.status).toBe(431);
    expect(answer.text.length).toBeLessThan(200);
  });

  it('still answers a URL of 16 KiB', async () => {
    const path = `/extended/v2/addresses/${address}/transactions?limit=1&pad=${'p'.repeat(16 * 1024 - 200)}`;
    expect((await get(path)).status).toBe(200);
  });
});
