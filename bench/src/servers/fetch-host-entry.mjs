// Child-process entry, run unchanged by Node, Bun and Deno: serves the mock's fetch handler
// (`createFetchHandler`) with the host's own server, `Bun.serve`, `Deno.serve`, or node:http through the small
// adapter below (Node has no built-in way to serve a fetch handler). Plain JavaScript so every runtime runs it
// as is. Options come as one JSON argument; once listening it prints one line `{"ready":{...}}` on stdout.
// It exits when its stdin closes, so it cannot outlive the runner even if the runner is killed.
import { createServer } from 'node:http';
import process from 'node:process';
import { createFetchHandler } from '@blockindex/mock';

const options = JSON.parse(process.argv[2] ?? '{}');
const handler = createFetchHandler({ seed: options.seed ?? 1 });
const HOST = '127.0.0.1';

function ready(port, host) {
  process.stdout.write(`${JSON.stringify({ ready: { url: `http://${HOST}:${port}`, host } })}\n`);
}

if (typeof globalThis.Bun !== 'undefined') {
  const server = globalThis.Bun.serve({ hostname: HOST, port: 0, fetch: handler });
  ready(server.port, `Bun.serve (Bun ${globalThis.Bun.version})`);
} else if (typeof globalThis.Deno !== 'undefined') {
  const Deno = globalThis.Deno;
  Deno.serve({
    hostname: HOST,
    port: 0,
    onListen: ({ port }) => ready(port, `Deno.serve (Deno ${Deno.version.deno})`),
    handler,
  });
} else {
  const server = createServer((req, res) => {
    serveNode(req, res).catch((error) => {
      // A failure of the adapter itself: answer 500 rather than leave the socket hanging.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  server.listen(0, HOST, () => ready(server.address().port, `node:http (Node ${process.version})`));
}

// The parent closes our stdin when it stops us or dies; either way this server must go.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();

/** node:http → Request → fetch handler → Response → node:http, buffering bodies (the mock's are small). */
async function serveNode(req, res) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  let body;
  if (hasBody) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    body = Buffer.concat(chunks);
  }
  const request = new Request(`http://${req.headers.host ?? HOST}${req.url}`, {
    method: req.method,
    headers,
    ...(hasBody ? { body } : {}),
  });
  const response = await handler(request);
  const out = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') out[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  const payload =
    response.body === null || req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, out);
  res.end(payload);
}
