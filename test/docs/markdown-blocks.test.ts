import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractBlocks, findReadmes } from './markdown-blocks';
import { findSampleIds } from './sample-ids';

const scratch = mkdtempSync(join(tmpdir(), 'blockindex-markdown-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let count = 0;
/** Writes a README in a fresh folder and returns its extracted blocks. */
function blocksOf(markdown: string) {
  count += 1;
  const dir = join(scratch, String(count));
  mkdirSync(dir);
  writeFileSync(join(dir, 'README.md'), markdown);
  return extractBlocks(dir, 'README.md');
}

describe('extractBlocks', () => {
  it.each([
    ['a ts block', '# t\n\n```ts\nconst a = 1;\n```\n', [{ mode: 'check', line: 4, code: 'const a = 1;' }]],
    ['typescript, run', '```typescript run\nawait 1;\n```\n', [{ mode: 'run', line: 2, code: 'await 1;' }]],
    [
      'test with a file name',
      '```ts test file=setup.ts\nx;\n```\n',
      [{ mode: 'test', fileName: 'setup.ts', code: 'x;' }],
    ],
    [
      'nocheck with its reason',
      '```ts nocheck: shows a type only\nx\n```\n',
      [{ mode: 'nocheck', reason: 'shows a type only' }],
    ],
    ['other languages', '```sh\npnpm demo\n```\n```js\nx\n```\n', []],
    [
      'an indented fence (in a list)',
      '- item\n\n  ```ts\n  const a = 1;\n  ```\n',
      [{ code: 'const a = 1;' }],
    ],
    ['a longer fence around a shorter one', '````ts\n```\n````\n', [{ code: '```' }]],
    ['inline code at the start of a line', '```` ```ts ```` is a fence\n', []],
  ])('reads %s', (_name, markdown, want) => {
    expect(blocksOf(markdown)).toEqual(want.map((block) => expect.objectContaining(block)));
  });

  it.each([
    ['an unknown marker', '\n```ts runn\nx\n```\n', 'README.md:2: unknown marker `runn`'],
    ['nocheck without a reason', '```ts nocheck\nx\n```\n', 'README.md:1: `nocheck` needs a reason'],
    ['two modes', '```ts run test\nx\n```\n', 'README.md:1: one of run, test, nocheck'],
    ['a file name with dots', '```ts file=../x.ts\nx\n```\n', 'README.md:1: `file=` takes'],
    ['an unclosed fence', 'a\n```ts\nx\n', 'README.md:2: code fence never closed'],
  ])('refuses %s with its line', (_name, markdown, message) => {
    expect(() => blocksOf(markdown)).toThrow(message);
  });
});

describe('findReadmes', () => {
  it('walks the tree and skips dependencies and build output', () => {
    const dir = join(scratch, 'tree');
    for (const folder of ['a/b', 'node_modules/x', 'dist', '.git']) {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, 'README.md'), '');
    }
    writeFileSync(join(dir, 'README.md'), '');

    expect(findReadmes(dir)).toEqual(['README.md', 'a/b/README.md']);
  });
});

describe('findSampleIds', () => {
  const fence = (...lines: string[]) => [{ readme: 'R.md', info: 'ts', line: 10, lines }];

  it('finds addresses, contract ids, hashes and burn block heights with their README line', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const ids = findSampleIds(
      fence(
        `const a = 'SP1KCRYKYTY4CBM0XHJW0E7RBFPP61P1D39VZ735H.my-contract';`,
        `client.getBlockByBurnBlockHash('${hash}'); client.getBlockByBurnBlockHeight(666251);`,
        'curl localhost:3999/extended/v1/block/by_burn_block_height/42',
      ),
    );

    expect(ids).toEqual([
      { where: 'R.md:10', kind: 'principal', value: 'SP1KCRYKYTY4CBM0XHJW0E7RBFPP61P1D39VZ735H.my-contract' },
      { where: 'R.md:11', kind: 'hash', value: hash },
      { where: 'R.md:11', kind: 'burn-block-height', value: '666251' },
      { where: 'R.md:12', kind: 'burn-block-height', value: '42' },
    ]);
  });

  it('skips lines that call their identifiers mainnet or unknown values', () => {
    const ids = findSampleIds(
      fence(
        `const a = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE'; // a mainnet address`,
        'client.getBlockByBurnBlockHeight(9); // unknown height',
      ),
    );

    expect(ids).toEqual([]);
  });
});
