/** A successful call: the parsed body and the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/**
 * What a single-resource call returns: a promise of the typed body, with `.withResponse()` for the raw
 * `Response` (ETag, rate-limit counters, `Warning`) alongside it.
 * @example
 * const { data, response } = await client.getBrc20Token('ordi').withResponse();
 * console.log(data.token.ticker, response.headers.get('etag'));
 */
export class ApiPromise<T> implements Promise<T> {
  readonly #inner: Promise<WithResponse<T>>;

  /** @internal Returned by client calls. */
  constructor(inner: Promise<WithResponse<T>>) {
    this.#inner = inner;
  }

  /** The parsed body together with the raw `Response` it came from. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner;
  }

  // biome-ignore lint/suspicious/noThenProperty: an ApiPromise is awaitable by design.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: same signature as Promise#then, so `catch((e: Error) => …)` compiles.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#inner.then(
      typeof onfulfilled === 'function'
        ? ({ data }) => onfulfilled(data)
        : ({ data }) => data as unknown as R1,
      onrejected,
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: same signature as Promise#catch.
  catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'ApiPromise';
  }
}
