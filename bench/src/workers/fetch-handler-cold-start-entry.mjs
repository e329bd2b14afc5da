// Child-process entry, run as `node fetch-handler-cold-start-entry.mjs '<{ indexModule, paths }>'` (plain node, no
// loader): how long a fresh process takes to import a build's `@blockindex/mock`, then to create
// `createFetchHandler({ seed: 1 })` and get its first answer (`paths[0]`), then the rest of `paths` once each. What
// a test file that uses the mock pays, since Vitest runs every file in a fresh module graph. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const { indexModule, paths } = JSON.parse(process.argv[2] ?? '{}');
const start = performance.now();
const { createFetchHandler } = await import(pathToFileURL(indexModule).href);
const imported = performance.now();
// Node loads its fetch implementation (undici) on the first touch of `Request` or `Response`: a cost of the
// platform that every caller pays once whatever mock it uses, so it is paid here before the clock starts.
new Response(new Request('http://localhost/').body);
const ready = performance.now();
const handler = createFetchHandler({ seed: 1 });
const created = performance.now();
const ask = async (path) => (await handler(new Request(`http://localhost${path}`))).arrayBuffer();
await ask(paths[0]);
const first = performance.now();
for (const path of paths.slice(1)) await ask(path);
const all = performance.now();
process.stdout.write(
  `${JSON.stringify({
    importMs: imported - start,
    createMs: created - ready,
    createAndFirstAnswerMs: first - ready,
    createAndAllAnswersMs: all - ready,
  })}\n`,
);
