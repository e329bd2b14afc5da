import { versions } from './support/consumer';
import { mswCell } from './support/msw-cell';

// msw 2 on the oldest Node we support (20.19, where require() of ESM works) and on 22; its interceptors patch
// fetch itself, so setupMockServer intercepts under Bun and Deno too.
mswCell(versions.msw2, ['node20', 'node22'], {
  intercepts: ['node20', 'node22', 'bun', 'deno'],
  refuses: [],
});
