// The READMEs are read to the end only if they stay short: a word budget for all of them together and for the
// root README, and the root's first screen shows how to call the API and how to mock it. Words are counted as
// `wc -w` counts them (runs of non-whitespace). The mock's UPSTREAM.md counts too: it holds what the mock README
// would otherwise say.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findReadmes, readFences } from './markdown-blocks';

const root = new URL('../..', import.meta.url).pathname;
const TOTAL_BUDGET = 12_540; // 40% below the 20,900 words the READMEs held when the budget was set
const ROOT_BUDGET = 1_500;
const FIRST_SCREEN = 80; // lines of the root README in which both examples must end
const COUNTED = [...findReadmes(root), 'packages/mock/UPSTREAM.md'];

const words = (file: string) => readFileSync(join(root, file), 'utf8').split(/\s+/).filter(Boolean).length;

describe('README word budget', () => {
  it(`keeps every README together (and packages/mock/UPSTREAM.md) at ${TOTAL_BUDGET} words or fewer`, () => {
    expect(COUNTED).toEqual(expect.arrayContaining(['README.md', 'packages/client/README.md']));
    const counts = COUNTED.map((file) => [file, words(file)] as const);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    const table = counts.map(([file, n]) => `${String(n).padStart(6)} ${file}`).join('\n');
    expect(total, `${total} words in all:\n${table}`).toBeLessThanOrEqual(TOTAL_BUDGET);
  });

  it(`keeps the root README at ${ROOT_BUDGET} words or fewer`, () => {
    expect(words('README.md')).toBeLessThanOrEqual(ROOT_BUDGET);
  });

  it(`shows a client call and a mocked test within the root README's first ${FIRST_SCREEN} lines`, () => {
    const early = readFences(root, 'README.md').filter(
      (fence) => /^(ts|typescript)\b/.test(fence.info) && fence.line + fence.lines.length <= FIRST_SCREEN,
    );
    const imports = (fence: (typeof early)[number], from: RegExp) =>
      fence.lines.some((line) => /^import\b/.test(line) && from.test(line));
    const call = early.find((fence) => imports(fence, /from '@blockindex\/client'/));
    const mocked = early.find((fence) => imports(fence, /from '@blockindex\/mock(\/[a-z]+)?'/));
    expect(call, 'a ts block importing @blockindex/client').toBeDefined();
    expect(mocked, 'a ts block importing @blockindex/mock').toBeDefined();
    // The call block iterates a list and catches a typed error; the mock block is a test the docs test runs.
    expect(call?.lines.join('\n')).toMatch(/for await \(/);
    expect(call?.lines.join('\n')).toMatch(/instanceof \w+Error/);
    expect(mocked?.info).toMatch(/^ts test\b/);
  });
});
