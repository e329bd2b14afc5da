// The client alone (no @blockindex/spec installed) loads with require() and calls through a fetch function.
const { createClient, DEPRECATIONS, NotFoundError } = require('@blockindex/client');

const client = createClient({ fetch: async () => Response.json({ error: 'Not found' }, { status: 404 }) });
client
  .getBrc20Token('zzzz')
  .catch((error) => error instanceof NotFoundError)
  .then((notFound) =>
    console.log(JSON.stringify({ notFound, deprecations: Object.keys(DEPRECATIONS).length })),
  );
