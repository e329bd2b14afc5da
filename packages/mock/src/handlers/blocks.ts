import type { HttpHandler } from 'msw';
import { type HandlerContext, serve, validateInput } from './context';
import { notFound } from './errors';
import { cacheHeaders, NO_STORE } from './headers';
import type { Http } from './http';

/** The two deprecated block lookups by burn block: by height and by hash. */
export function blocksHandlers(http: Http, context: HandlerContext): HttpHandler[] {
  const tipEtag = () => cacheHeaders(context.world.tip.index_block_hash);
  return [
    http.get(
      '/extended/v1/block/by_burn_block_height/{burn_block_height}',
      async ({ request, params, response }) =>
        response.untyped(
          await serve(context, 'getBlockByBurnBlockHeight', request, () => {
            const input = validateInput('getBlockByBurnBlockHeight', request, params);
            if (input instanceof Response) return input;
            const block = context.world.getBlockByBurnBlockHeight(input.path.burn_block_height);
            // The real message says "height", not "burn block height": kept verbatim.
            if (!block)
              return response(404).json(notFound('cannot find block by height'), { headers: NO_STORE });
            return response(200).json(block, { headers: tipEtag() });
          }),
        ),
    ),
    http.get(
      '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
      async ({ request, params, response }) =>
        response.untyped(
          await serve(context, 'getBlockByBurnBlockHash', request, () => {
            // The real route redirects any value without `0x` before looking at it.
            const raw = typeof params.burn_block_hash === 'string' ? params.burn_block_hash : '';
            if (!raw.startsWith('0x')) return redirectTo0x(request);
            const input = validateInput('getBlockByBurnBlockHash', request, params);
            if (input instanceof Response) return input;
            const block = context.world.getBlockByBurnBlockHash(input.path.burn_block_hash.toLowerCase());
            if (!block) {
              return response(404).json(notFound('cannot find block by burn block hash'), {
                headers: NO_STORE,
              });
            }
            return response(200).json(block, { headers: tipEtag() });
          }),
        ),
    ),
  ];
}

// Fastify's default redirect: 302, `Location` an absolute path (the base URL's own path prefix kept). The
// parameter is the request's own segment, still percent-encoded (so CR/LF cannot reach a header), without the
// trailing slash the route ignores: `0x` goes in front of the hash, whatever follows it.
function redirectTo0x(request: Request): Response {
  const { pathname } = new URL(request.url);
  const route = '/by_burn_block_hash/';
  const at = pathname.indexOf(route) + route.length;
  const location = `${pathname.slice(0, at)}0x${pathname.slice(at).replace(/\/$/, '')}`;
  return new Response(null, { status: 302, headers: { Location: location, 'Content-Length': '0' } });
}
