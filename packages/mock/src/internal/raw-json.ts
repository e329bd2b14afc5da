declare const carried: unique symbol;

/**
 * JSON text standing in for a value of type `T`, spliced verbatim into an answer by {@link stringifyEmbedded}.
 * Lets the world hand over serialized parts it keeps (a transaction's JSON never changes once mined) while
 * the handlers' response bodies stay checked against the spec's types.
 */
export class RawJson<T> {
  // Phantom: makes `RawJson<A>` assignable to `RawJson<B>` only when `A` is assignable to `B`.
  declare readonly [carried]?: T;

  constructor(readonly text: string) {}
}

/** `T`, or `T` with some of its top-level fields already serialized. */
export type Embeddable<T> =
  | T
  | RawJson<T>
  | (T extends readonly unknown[]
      ? never
      : T extends object
        ? { [K in keyof T]: T[K] | RawJson<T[K]> }
        : never);

/**
 * `JSON.stringify(value)`, except that a {@link RawJson} value or top-level field is written as its text.
 * Fields keep their order and `undefined` fields are left out, so the text equals what `JSON.stringify` gives
 * for the value the raw parts stand for.
 */
export function stringifyEmbedded(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const fields = value as Record<string, unknown>;
  let raw = false;
  for (const key in fields) {
    if (fields[key] instanceof RawJson) {
      raw = true;
      break;
    }
  }
  // Without raw parts the native serializer gives the same text, faster.
  if (!raw) return JSON.stringify(value);
  // Concatenation, not join: the parts (a transaction's JSON is kilobytes) are linked, not copied, until the
  // answer is encoded once.
  let text = '';
  for (const key of Object.keys(fields)) {
    const field = fields[key];
    const json = field instanceof RawJson ? field.text : JSON.stringify(field);
    if (json === undefined) continue;
    text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${json}`;
  }
  return `{${text}}`;
}

/** Serializes `value` (whose fields may already be raw JSON) into raw JSON of its type. */
export function embed<T>(value: Embeddable<T>): RawJson<T> {
  return value instanceof RawJson ? value : new RawJson<T>(stringifyEmbedded(value));
}

/** The JSON array of already serialized items. */
export function embedArray<T>(items: readonly RawJson<T>[]): RawJson<T[]> {
  let text = '';
  for (const item of items) text += text === '' ? item.text : `,${item.text}`;
  return new RawJson<T[]>(`[${text}]`);
}
