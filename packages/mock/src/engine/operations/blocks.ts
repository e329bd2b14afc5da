import { type Answer, json } from '../answer';
import { defineOperation, type HandlerContext, type OperationInput } from '../context';
import { notFound } from '../errors';
import { cacheHeaders, NO_STORE } from '../headers';

const tipEtag = (context: HandlerContext) => cacheHeaders(context.world.tip.index_block_hash);

/** `GET /extended/v1/block/by_burn_block_height/{burn_block_height}` (deprecated). */
export const getBlockByBurnBlockHeight = defineOperation('getBlockByBurnBlockHeight', (context, input) => {
  const block = context.world.getBlockByBurnBlockHeight(input.path.burn_block_height);
  // The real message says "height", not "burn block height": kept verbatim.
  if (!block)
    return json('getBlockByBurnBlockHeight', 404, notFound('cannot find block by height'), NO_STORE);
  return json('getBlockByBurnBlockHeight', 200, block, tipEtag(context));
});

/** `GET /extended/v1/block/by_burn_block_hash/{burn_block_hash}` (deprecated). */
export const getBlockByBurnBlockHash = defineOperation(
  'getBlockByBurnBlockHash',
  (context, input) => {
    const block = context.world.getBlockByBurnBlockHash(input.path.burn_block_hash.toLowerCase());
    if (!block) {
      return json('getBlockByBurnBlockHash', 404, notFound('cannot find block by burn block hash'), NO_STORE);
    }
    return json('getBlockByBurnBlockHash', 200, block, tipEtag(context));
  },
  // The real route redirects any value without `0x` before looking at it.
  (request: Pick<OperationInput, 'url' | 'params'>) => {
    const raw = request.params.burn_block_hash;
    return typeof raw === 'string' && raw.startsWith('0x') ? undefined : redirectTo0x(request.url);
  },
);

// Fastify's default redirect: 302, `Location` an absolute path (the base URL's own path prefix kept). The
// parameter is the request's own segment, still percent-encoded (so CR/LF cannot reach a header), without the
// trailing slash the route ignores: `0x` goes in front of the hash, whatever follows it.
function redirectTo0x(url: URL): Answer {
  const { pathname } = url;
  const route = '/by_burn_block_hash/';
  const at = pathname.indexOf(route) + route.length;
  const location = `${pathname.slice(0, at)}0x${pathname.slice(at).replace(/\/$/, '')}`;
  return { status: 302, headers: { location, 'content-length': '0' }, body: null, sized: false };
}
