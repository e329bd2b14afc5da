import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The matrix's fixture files (copied into throwaway projects). */
export const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));

/** The committed consumer projects (`test/consumers/<name>/package.json` and their sources). */
export const consumersDir = fileURLToPath(new URL('../../consumers', import.meta.url));

/**
 * Where consumer projects are installed and kept between runs (git-ignored), with the packed tarballs in
 * `tarballs/` and npm's cache in `npm/`; `BLOCKINDEX_CONSUMERS_DIR` moves it. Not under node_modules: Jest
 * ignores test files whose path contains `/node_modules/`.
 */
export const consumersCache = process.env.BLOCKINDEX_CONSUMERS_DIR ?? join(repoRoot, '.cache', 'consumers');
