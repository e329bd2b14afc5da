// The README's promise with @tanstack/vue-query: a key from @blockindex/query types the cache's data.
import { createClient } from '@blockindex/client';
import { createQueryOptions } from '@blockindex/query';
import { QueryClient } from '@tanstack/vue-query';

const queries = createQueryOptions(createClient());
const queryClient = new QueryClient();

const token = queryClient.getQueryData(queries.getBrc20Token('ordi').queryKey);
export const ticker: string | undefined = token?.token.ticker;
// @ts-expect-error: the data is a Brc20TokenDetails, so its ticker is no number (with `any` this compiles)
export const notANumber: number | undefined = token?.token.ticker;
