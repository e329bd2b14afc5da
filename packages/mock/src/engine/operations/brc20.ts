import { RawJson } from '../../internal/raw-json';
import { fnv1a64 } from '../../world/hash';
import { json } from '../answer';
import { defineOperation } from '../context';
import { BRC20_NOT_FOUND } from '../errors';
import { cacheHeaders } from '../headers';

/** `GET /ordinals/v1/brc-20/tokens/{ticker}` (the Ordinals API). */
export const getBrc20Token = defineOperation('getBrc20Token', (context, input) => {
  // The lookup is case-insensitive, like the real `WHERE ticker = LOWER($1)`.
  const details = context.world.getBrc20Token(input.path.ticker);
  if (!details) return json('getBrc20Token', 404, BRC20_NOT_FOUND);
  // The real ETag is a global "last inscription update" marker; a digest of the answer is as good
  // for clients and changes exactly when the answer does.
  const text = JSON.stringify(details);
  return json('getBrc20Token', 200, new RawJson<typeof details>(text), cacheHeaders(fnv1a64(text)));
});
