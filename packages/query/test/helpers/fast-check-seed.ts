// The package's property tests run from one fixed seed, so every run of `pnpm test` (and of each runtime in the
// matrix) is repeatable; fast-check prints the seed and path of any counterexample. FC_SEED explores others.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261128) });
