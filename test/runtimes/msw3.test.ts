import { versions } from './support/consumer';
import { mswCell } from './support/msw-cell';

// msw 3 declares Node >= 22.12 and intercepts below Node's own sockets, which Bun's and Deno's fetch never use:
// there setupMockServer refuses to listen.
mswCell(versions.msw3, ['node22', 'node24'], {
  intercepts: ['node22', 'node24'],
  refuses: ['node20', 'bun', 'deno'],
});
