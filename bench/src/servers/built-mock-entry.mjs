// Child-process entry: runs the standalone mock server of a built checkout, given the path of its
// `packages/mock/dist/server.js`, so two builds (this workspace and another git ref) can be loaded side by side
// with the same code around them. Plain JavaScript: it must not depend on the TypeScript of either checkout.
// Protocol (see child-server.ts): options `{ serverModule, seed }` arrive over IPC; `{ ready: { url, fixtures } }`
// goes back once listening. Afterwards every message is answered with the CPU time the process has used,
// `{ cpuMicros }` (user + system), so the parent can tell the server's own cost per request from the load
// generator's.
import { pathToFileURL } from 'node:url';

process.once('message', (options) => {
  start(options).catch((error) => {
    process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
// The parent going away (even by crashing) must not leave this server listening.
process.once('disconnect', () => process.exit(0));

async function start({ serverModule, seed }) {
  const { startMockServer } = await import(pathToFileURL(serverModule).href);
  const server = await startMockServer({ port: 0, host: '127.0.0.1', seed });
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  });
  process.send?.({ ready: { url: server.url, fixtures: server.world.fixtures } });
}
