import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/engine/scenarios/rate-limit';

const from = (client: string) =>
  new Request('https://api.hiro.so/extended/v1/block/by_burn_block_height/1', {
    headers: { 'x-forwarded-for': client },
  });

describe('RateLimiter', () => {
  it('keeps the number of tracked clients bounded under a flood of distinct clients within one window', () => {
    const limiter = new RateLimiter({}, () => 5_000);
    for (let client = 0; client < 12_000; client += 1)
      limiter.check(from(`10.0.${client >> 8}.${client & 255}`));
    expect(limiter.trackedKeys).toBeLessThanOrEqual(10_000);
    expect(limiter.trackedKeys).toBeGreaterThan(9_000);
  });

  it('still limits the newest clients after evicting the oldest', () => {
    const limiter = new RateLimiter({ perMinute: 2 }, () => 5_000);
    for (let client = 0; client < 10_500; client += 1) limiter.check(from(`client-${client}`));
    const last = from('client-10499');
    expect(limiter.check(last).response).toBeUndefined();
    expect(limiter.check(last).response?.status).toBe(429);
  });

  it('drops expired windows first', () => {
    let now = 0;
    const limiter = new RateLimiter({}, () => now);
    for (let client = 0; client < 10_000; client += 1) limiter.check(from(`old-${client}`));
    now = 61_000;
    limiter.check(from('new'));
    expect(limiter.trackedKeys).toBe(1);
  });
});
