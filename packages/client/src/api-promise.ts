/** A successful call: the parsed body and the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/** Marks a promise's rejection as handled, without changing what its own listeners see. */
export function markHandled(promise: Promise<unknown>): void {
  Promise.prototype.then.call(promise, undefined, () => {});
}

/**
 * What a single-resource call returns: a real `Promise` of the typed body, with `.withResponse()` for the raw
 * `Response` (ETag, rate-limit counters, `Warning`) alongside it.
 * @example
 * const { data, response } = await client.getBrc20Token('ordi').withResponse();
 * console.log(data.token.ticker, response.headers.get('etag'));
 */
export class ApiPromise<T> extends Promise<T> {
  // `then`, `catch` and `finally` make plain promises: only the call itself has `withResponse`. A value, not a getter
  // (a static field is an own data property, found before `Promise`'s accessor).
  static override readonly [Symbol.species]: PromiseConstructor = Promise;

  readonly #inner: Promise<WithResponse<T>>;

  /** @internal Returned by client calls. */
  constructor(inner: Promise<WithResponse<T>>) {
    super((resolve, reject) => inner.then(({ data }) => resolve(data), reject));
    this.#inner = inner;
    // A caller who only uses `withResponse()` handles the failure there: this promise must not report it again.
    this.catch(() => {});
  }

  /** The parsed body together with the raw `Response` it came from. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner;
  }
}
