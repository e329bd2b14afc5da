// Every property test of the client runs from one fixed seed, so a run of `pnpm test` (and each runtime of the
// matrix) is repeatable; fast-check prints the seed and path with any counterexample. FC_SEED explores other
// histories.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261128) });
