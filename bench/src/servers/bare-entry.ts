// Child-process entry: a bare node:http server answering precomputed bodies, the practical ceiling for any mock.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One precomputed answer, keyed in `BareServerOptions.routes` by request path + query. */
export interface CannedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Options the parent sends to this child. */
export interface BareServerOptions {
  routes: Record<string, CannedResponse>;
}

process.once('message', (message) => {
  const routes = new Map(
    Object.entries((message as BareServerOptions).routes).map(([path, canned]) => {
      const body = Buffer.from(canned.body);
      return [
        path,
        { ...canned, body, headers: { ...canned.headers, 'content-length': String(body.length) } },
      ];
    }),
  );
  const server = createServer((req, res) => {
    const canned = routes.get(req.url ?? '/');
    if (canned === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(canned.status, canned.headers).end(canned.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ ready: { url: `http://127.0.0.1:${port}` } });
  });
});
process.once('disconnect', () => process.exit(0));
