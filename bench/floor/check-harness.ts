// biome-ignore-all lint: measurement code, not product code.
// What the floor checks share: a fake clock (setTimeout, clearTimeout, Date.now) moved by hand, an in-memory fetch,
// helpers to watch promises, and a runner of named cases (each on a fresh clock; one that hangs fails after 5 s of
// real time). Importing this file installs the fake clock and removes jitter (Math.random is 0).
import assert from 'node:assert/strict';
import { inspect } from 'node:util';

// --- a fake clock -------------------------------------------------------------------------------------------------
const realTimeout = globalThis.setTimeout;
const realClear = globalThis.clearTimeout;
const START = Date.parse('2026-01-01T00:00:00Z');
let now = START;
let nextId = 0;
export const timers = new Map<number, { at: number; run: () => void }>();
globalThis.setTimeout = ((run: () => void, ms = 0) => {
  timers.set(++nextId, { at: now + Math.max(0, ms), run });
  return nextId;
}) as never;
globalThis.clearTimeout = ((id: number) => timers.delete(id)) as never;
Date.now = () => now;
/** Real event-loop turns (setImmediate stays real) for promise chains and streams to run. */
export const flush = async (turns = 10) => {
  for (let i = 0; i < turns; i++) await new Promise<void>((go) => setImmediate(go));
};
/** Moves the clock by `ms`, running due timers in order. */
export async function advance(ms: number): Promise<void> {
  const target = now + ms;
  for (;;) {
    await flush();
    const due = [...timers].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
    if (!due) break;
    timers.delete(due[0]);
    now = due[1].at;
    due[1].run();
  }
  now = target;
  await flush();
}
export function reset(): void {
  now = START;
  timers.clear();
}
Math.random = () => 0; // no jitter: backoff is exactly 500, 1000, ...

// --- an in-memory fetch -------------------------------------------------------------------------------------------
export const TOKEN = { token: { ticker: 'ordi' }, supply: { max_supply: '1' } };
type Handler = (request: Request, n: number) => Response | Promise<Response>;
export function served(handler: Handler) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return handler(request, requests.length);
  };
  return { fetch, requests };
}
export const json = (body: unknown, init: ResponseInit = {}) => {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
};
/** A fetch that answers only when its request is aborted (with the abort), like a server that hangs. */
export const hanging = () =>
  served(
    (request) =>
      new Promise<Response>((_go, fail) =>
        request.signal.addEventListener('abort', () => fail(request.signal.reason)),
      ),
  );
/** Tracks a promise without awaiting it. */
export function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: any } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('resolved, expected a rejection');
}
export function thrown(make: () => unknown): any {
  try {
    make();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

/** assert.ok without its generated message: Node builds that by parsing the call site, which can hang on transpiled code. */
export function ok(value: unknown, message = 'expected a truthy value'): void {
  if (!value) throw new assert.AssertionError({ message, stackStartFn: ok });
}

const cases: [string, () => Promise<void> | void][] = [];
export const test = (name: string, run: () => Promise<void> | void) => cases.push([name, run]);

// --- retries and Retry-After ----------------------------------------------------------------------------------------
/** Runs every case, printing ok / FAIL each; sets a non-zero exit code when one failed. */
export async function runCases(): Promise<void> {
  let failed = 0;
  for (const [name, run] of cases) {
    reset();
    try {
      // A case that hangs fails after 5 s of real time (a bug's time only: every case runs on the fake clock).
      let stall: any;
      await Promise.race([
        run(),
        new Promise((_go, fail) => (stall = realTimeout(() => fail(new Error('hung')), 5000))),
      ]);
      realClear(stall);
      console.log(`ok   ${name}`);
    } catch (error) {
      failed++;
      console.log(`FAIL ${name}\n${inspect(error)}`);
    }
  }
  console.log(`\n${cases.length - failed} of ${cases.length} passed`);
  process.exitCode = failed ? 1 : 0;
}
