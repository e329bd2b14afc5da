import { versions } from './support/consumer';
import { mswCell } from './support/msw-cell';

// msw 3 declares Node >= 22.12.
mswCell(versions.msw3, ['node22', 'node24']);
