// msw 3 intercepts `fetch` below Node's own sockets, so where `fetch` does not use them (Bun, Deno) or where its
// interceptors need a newer Node (before 22.12), `listen()` succeeds and every request reaches the real network.

/** Thrown by `listen()` where the installed msw cannot intercept, before any request is made. */
export class MswUnsupportedError extends Error {
  override readonly name = 'MswUnsupportedError';
}

interface Runtime {
  name: string;
  /** Why msw 3 cannot intercept here, or undefined when it can. */
  msw3: string | undefined;
}

/** The globals a runtime is told apart by (`globalThis`, or a stand-in in tests). */
export interface RuntimeGlobals {
  process?: { versions?: Record<string, string | undefined> };
  Bun?: unknown;
  Deno?: unknown;
}

function currentRuntime(globals: RuntimeGlobals): Runtime {
  const versions = globals.process?.versions;
  if (versions?.bun !== undefined || globals.Bun !== undefined) {
    return { name: `Bun ${versions?.bun ?? ''}`.trim(), msw3: 'Bun' };
  }
  if (versions?.deno !== undefined || globals.Deno !== undefined) {
    return { name: `Deno ${versions?.deno ?? ''}`.trim(), msw3: 'Deno' };
  }
  const node = versions?.node ?? '0.0.0';
  const [major = 0, minor = 0] = node.split('.').map(Number);
  const old = major < 22 || (major === 22 && minor < 12);
  return { name: `Node ${node}`, msw3: old ? `Node ${node} (msw 3 needs 22.12 or later)` : undefined };
}

/**
 * Throws a {@link MswUnsupportedError} naming the cause and the fixes when `server` (msw's `setupServer()`)
 * cannot intercept in this runtime; returns quietly otherwise.
 */
export function assertCanIntercept(server: object, globals: RuntimeGlobals = globalThis): void {
  // msw 3's server has `readyState`; msw 2's has not (and intercepts in Node, Bun and Deno alike).
  if (!('readyState' in server)) return;
  const runtime = currentRuntime(globals);
  if (runtime.msw3 === undefined) return;
  const onNode = runtime.name.startsWith('Node');
  throw new MswUnsupportedError(
    [
      `@blockindex/mock/node: msw 3 intercepts nothing under ${runtime.msw3}: listen() would succeed and every`,
      'request would reach the real network, so it refuses to start. Fix one of:',
      ...(onNode ? ['- run on Node 22.12 or later;'] : []),
      '- use msw 2, which intercepts here: npm install --save-dev msw@2;',
      "- or skip msw: pass createFetchHandler({ seed: 1 }) from '@blockindex/mock' as the client's fetch",
      '  (createClient({ fetch: createFetchHandler({ seed: 1 }) })), which needs no interception.',
    ].join('\n'),
  );
}
