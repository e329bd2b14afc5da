// Child-process entry, run as `node mock-cold-start-entry.mjs '<{ serverModule, paths }>'` (plain node, no loader):
// how long a fresh process takes to import a build's `@blockindex/mock/server`, to start listening, and to answer
// each of the given paths once (cold validators, world queries and serializers). Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const { serverModule, paths } = JSON.parse(process.argv[2] ?? '{}');
const start = performance.now();
const { startMockServer } = await import(pathToFileURL(serverModule).href);
const imported = performance.now();
const server = await startMockServer({ port: 0, host: '127.0.0.1', seed: 1 });
const listening = performance.now();
for (const path of paths) {
  const response = await fetch(`${server.url}${path}`);
  await response.arrayBuffer();
}
const answered = performance.now();
await server.close();
process.stdout.write(
  `${JSON.stringify({ importMs: imported - start, listenMs: listening - start, firstAnswersMs: answered - start })}\n`,
);
