// Every property test of the client runs from one fixed seed, so a run of `pnpm test` (and each runtime of the
// matrix) is repeatable; fast-check prints the seed and path with any counterexample. FC_SEED explores other
// histories. Some seeds make the pager's shrink property hang, an iteration that never ends: a known defect,
// open in issue 32.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261128) });
