import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type World } from '../../src';

/** Answers of an earlier build, written by `scripts/record-answers.mjs <commit>` (see its header). */
interface Recorded {
  commit: string;
  seed: number;
  /** Answers served before the steps; the rest after them. */
  before: number;
  steps: (
    | { mine: { address?: 'fixture'; transactions?: number } }
    | { reorg: { depth: number; replaceWith: number } }
  )[];
  answers: [path: string, ...Answer][];
}
type Answer = [
  status: number,
  body: string,
  etag: string | null,
  contentType: string | null,
  cacheControl: string | null,
  warning: string | null,
];

const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/answers-seed-1.json', import.meta.url), 'utf8'),
) as Recorded;

async function answerOf(response: Response): Promise<Answer> {
  const body = await response.text();
  const header = (name: string) => response.headers.get(name);
  return [
    response.status,
    createHash('sha256').update(body).digest('hex').slice(0, 32),
    header('etag'),
    header('content-type'),
    header('cache-control'),
    header('warning'),
  ];
}

function apply(world: World, step: Recorded['steps'][number]): void {
  if ('mine' in step) {
    const { address, ...rest } = step.mine;
    world.mineBlock(address === 'fixture' ? { ...rest, address: world.fixtures.address } : rest);
  } else world.reorg(step.reorg);
}

describe('createFetchHandler({ seed: 1 })', () => {
  it(`answers ${recorded.answers.length} requests of the seven operations, before and after mining and re-orgs, as the recorded build did`, async () => {
    expect(recorded.answers.length).toBeGreaterThanOrEqual(1000);
    const operations = new Set(recorded.answers.map(([path]) => path.split('/').slice(1, 5).join('/')));
    expect(operations.size).toBeGreaterThanOrEqual(7);
    const handler = createFetchHandler({ seed: recorded.seed });
    const differing: string[] = [];
    for (const [index, [path, ...want]] of recorded.answers.entries()) {
      if (index === recorded.before) for (const step of recorded.steps) apply(handler.world, step);
      const got = await answerOf(await handler(new Request(`http://mock.test${path}`)));
      if (JSON.stringify(got) !== JSON.stringify(want))
        differing.push(`${path}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    }
    expect(differing.slice(0, 5), `${differing.length} answers differ from ${recorded.commit}`).toEqual([]);
  });
});
