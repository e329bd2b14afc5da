import type { HttpHandler } from 'msw';
import { fnv1a64 } from '../internal/hash';
import { type HandlerContext, serve, validateInput } from './context';
import { BRC20_NOT_FOUND } from './errors';
import { cacheHeaders } from './headers';
import type { Http } from './http';

/** The Ordinals API: `GET /ordinals/v1/brc-20/tokens/{ticker}`. */
export function brc20Handlers(http: Http, context: HandlerContext): HttpHandler[] {
  return [
    http.get('/ordinals/v1/brc-20/tokens/{ticker}', async ({ request, params, response }) =>
      response.untyped(
        await serve(context, 'getBrc20Token', request, () => {
          const input = validateInput('getBrc20Token', request, params);
          if (input instanceof Response) return input;
          // The lookup is case-insensitive, like the real `WHERE ticker = LOWER($1)`.
          const details = context.world.getBrc20Token(input.path.ticker);
          if (!details) return response(404).json(BRC20_NOT_FOUND);
          // The real ETag is a global "last inscription update" marker; a digest of the answer is as good
          // for clients and changes exactly when the answer does.
          return response(200).json(details, { headers: cacheHeaders(fnv1a64(JSON.stringify(details))) });
        }),
      ),
    ),
  ];
}
