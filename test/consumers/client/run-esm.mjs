// The client alone (no @blockindex/spec installed) loads as an ES module and calls through a fetch function.
import { createClient, DEPRECATIONS, NotFoundError } from '@blockindex/client';

const client = createClient({ fetch: async () => Response.json({ error: 'Not found' }, { status: 404 }) });
const notFound = await client.getBrc20Token('zzzz').catch((error) => error instanceof NotFoundError);
console.log(JSON.stringify({ notFound, deprecations: Object.keys(DEPRECATIONS).length }));
