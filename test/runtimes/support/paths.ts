import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The matrix's fixture files (copied into throwaway projects). */
export const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));
