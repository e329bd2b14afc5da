// What a core without deepRedaction() does with a credential the server echoes in an error body: the body's text is
// redacted before it is parsed, so the echo is gone from every string and key at any depth, as sent or as a JSON
// string spells it.
import { describe, expect, it } from 'vitest';
import { ApiError, createCore, errorDetails, getBrc20Token } from '../../src/index.js';
import { fakeFetch, text } from '../helpers/fake-fetch.js';

/** An error body echoing `secret` in a nested value, a key and a message, spelled as JSON spells it. */
const echoing = (secret: string) => {
  const s = JSON.stringify(secret).slice(1, -1);
  return `{"message":"bad key ${s}","deep":{"list":[["x ${s} y"]],"${s}":true},"statusCode":403}`;
};

async function failure(apiKey: string, body: string): Promise<ApiError> {
  const served = fakeFetch(() => text(body, { status: 403 }, 'application/json'));
  // errorDetails() for the message's hint about the key.
  const core = createCore({ fetch: served.fetch, apiKey, retry: false, guards: [errorDetails()] });
  const error = await getBrc20Token(core, 'ordi').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('error body redaction of a core', () => {
  it.each([
    ['a plain key', 'sk-live-0123456789abcdef'],
    ['a key with a quote and a backslash, escaped in JSON', 'sk-"quoted"\\key-0123'],
  ])('blanks %s out of the parsed body at any depth, keys included', async (_name, key) => {
    const error = await failure(key, echoing(key));
    expect(JSON.stringify(error.body)).not.toContain(JSON.stringify(key).slice(1, -1));
    expect(error.body).toEqual({
      message: 'bad key [redacted]',
      deep: { list: [['x [redacted] y']], '[redacted]': true },
      statusCode: 403,
    });
    expect(error.message).toBe(
      '403 GET /ordinals/v1/brc-20/tokens/ordi: bad key [redacted] (the API key was rejected: check the apiKey option)',
    );
  });

  it('keeps the body as redacted text when redacting breaks its JSON, never as the echo', async () => {
    // A key that is also the tail of an escape sequence: the body no longer parses once it is blanked out.
    const error = await failure('u0041-key-0123456789', '{"message":"\\u0041-key-0123456789"}');
    expect(error.body).toBe('{"message":"\\[redacted]"}');
  });
});
