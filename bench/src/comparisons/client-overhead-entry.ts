// Child-process entry: the in-memory rows of `client-overhead` under one Node (client-overhead.ts forks it with that
// Node's binary and sends one job). The mock server the job names is the parent's, still listening.
import { type InMemoryJob, type InMemoryReply, measureInMemory } from './client-overhead-calls.js';

process.once('message', (message) => {
  const { url, info, budget } = message as InMemoryJob;
  measureInMemory(url, info, budget, new Set())
    .then(
      (rows): InMemoryReply => ({ rows, version: process.version }),
      (error: unknown): InMemoryReply => ({
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    )
    // The parent stops this child once it has the reply; exiting here could race the reply out of the pipe.
    .then((reply) => process.send?.(reply));
});
// The parent going away (even by crashing) must not leave this child measuring.
process.once('disconnect', () => process.exit(0));
