// Consumer cells "client + query + a TanStack adapter": `npm install @blockindex/client @blockindex/query
// @tanstack/<adapter>` at the adapter's current release. npm leaves one @tanstack/query-core in the tree (the
// adapter's), and `getQueryData(queries.getBrc20Token('ordi').queryKey)` is typed: a `// @ts-expect-error` proves
// the data is not `any`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedConsumer } from '../runtimes/support/consumer';
import { repoRoot } from '../runtimes/support/paths';
import { run } from '../runtimes/support/run';

const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

/** Every installed copy of @tanstack/query-core, relative to the project. */
function queryCoreCopies(dir: string, at = 'node_modules'): string[] {
  const copies = existsSync(join(dir, at, '@tanstack/query-core')) ? [`${at}/@tanstack/query-core`] : [];
  const scope = join(dir, at, '@tanstack');
  if (!existsSync(scope)) return copies;
  for (const name of readdirSync(scope)) {
    if (existsSync(join(scope, name, 'node_modules'))) {
      copies.push(...queryCoreCopies(dir, `${at}/@tanstack/${name}/node_modules`));
    }
  }
  return copies;
}

describe.each(['react', 'vue', 'solid', 'svelte'])('client + query + @tanstack/%s-query', (adapter) => {
  const project = () => committedConsumer(`query-${adapter}`);

  it("leaves one @tanstack/query-core in the tree, the adapter's own", () => {
    expect(queryCoreCopies(project())).toEqual(['node_modules/@tanstack/query-core']);
  });

  it('types getQueryData from a query key (not `any`)', () => {
    const result = run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project(), timeout: 180_000 });

    expect(result.status, result.report).toBe(0);
  });
});
