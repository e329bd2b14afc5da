// Host recipes: Hono and a Next.js route handler, each mounting createFetchHandler under /api.
import { describe, expect, it } from 'vitest';
import { hostsProject, nextProject } from './support/consumer';
import { allRight } from './support/expected';
import { lastJsonLine, run } from './support/run';

describe('hono', () => {
  it("answers the seven operations through app.all('/api/*', (c) => handler(c.req.raw))", () => {
    const result = run(process.execPath, ['hono-journey.mjs'], { cwd: hostsProject(), timeout: 120_000 });

    expect(result.status, result.report).toBe(0);
    expect(lastJsonLine(result), result.report).toEqual({ ...allRight, home: 'app home' });
  });
});

describe('next.js route handler', () => {
  it('answers the seven operations from the route module GET, called with NextRequest', () => {
    const result = run(process.execPath, ['next-journey.mjs'], { cwd: nextProject(), timeout: 120_000 });

    expect(result.status, result.report).toBe(0);
    expect(lastJsonLine(result), result.report).toEqual({ ...allRight, nextRequests: true });
  });
});
