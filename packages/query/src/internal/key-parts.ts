/** A query object for a key: undefined fields dropped, so `{ limit: undefined }` and `{}` share a cache entry. */
export function keyQuery<T extends object>(query: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (query === undefined || query === null) return out;
  if (typeof query !== 'object' || Array.isArray(query)) {
    throw new TypeError(`query must be an object of query parameters; got ${describe(query)}`);
  }
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) (out as Record<string, unknown>)[name] = value;
  }
  return out;
}

/** Contract ids as a key: the status map does not depend on their order or repetition. */
export function keyContractIds(ids: readonly string[]): string[] {
  if (!Array.isArray(ids))
    throw new TypeError(`contract ids must be an array of strings; got ${describe(ids)}`);
  return [...new Set(ids)].sort();
}

/** Checks a non-empty string argument, so a mistake fails with a message rather than a request for `undefined`. */
export function requireString(name: string, value: unknown): string {
  if (typeof value === 'string' && value) return value;
  throw new TypeError(`${name} must be a non-empty string; got ${describe(value)}`);
}

/** Checks the rows per page of an infinite list (the client caps it at the API's maximum). */
export function requirePageSize(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new RangeError(`pageSize must be a positive integer; got ${describe(value)}`);
  }
  return value;
}

const describe = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? 'an array'
      : value && typeof value === 'object'
        ? 'an object'
        : String(value);
