import { describe, expect, it } from 'vitest';
import { type BodyShape, readControlBody } from '../../src/engine/control-body';

const SHAPE = {
  blocks: { type: 'integer', min: 1, max: 10 },
  flag: { type: 'boolean' },
  name: { type: 'string', maxLength: 8, check: { test: (value) => value !== 'bad', expected: 'not "bad"' } },
  ids: { type: 'strings', maxItems: 2, oneOf: ['a', 'b'] },
  limits: {
    type: 'object',
    nullable: true,
    fields: { count: { type: 'integer', min: 0, max: 5, required: true } },
  },
} as const satisfies BodyShape;

const bytes = (text: string) => new TextEncoder().encode(text);

async function refusal(text: string): Promise<string> {
  const result = readControlBody(bytes(text), SHAPE);
  if (!(result instanceof Response)) throw new Error(`accepted ${text}`);
  expect(result.status).toBe(400);
  const body = (await result.json()) as { statusCode: number; error: string; message: string };
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  return body.message;
}

describe('readControlBody', () => {
  it.each([
    ['', {}],
    ['  ', {}],
    ['{}', {}],
    ['{"blocks":3,"flag":false,"name":"ok","ids":["b","a"],"limits":{"count":0}}', undefined],
    ['{"limits":null}', { limits: null }],
  ])('accepts %j', (text, want) => {
    const result = readControlBody(bytes(text), SHAPE);
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toEqual(want ?? JSON.parse(text));
  });

  it.each([
    ['not json', 'body must be a JSON object (it is not valid JSON)'],
    ['[]', 'body must be a JSON object'],
    ['null', 'body must be a JSON object'],
    ['3', 'body must be a JSON object'],
    ['{"blcoks":1}', 'body/blcoks is not a known field (known: blocks, flag, name, ids, limits)'],
    ['{"__proto__":{"x":1}}', 'body/__proto__ is not a known field'],
    ['{"blocks":"1"}', 'body/blocks must be an integer from 1 to 10'],
    ['{"blocks":1.5}', 'body/blocks must be an integer from 1 to 10'],
    ['{"blocks":11}', 'body/blocks must be an integer from 1 to 10'],
    ['{"blocks":null}', 'body/blocks must be an integer from 1 to 10'],
    ['{"flag":"true"}', 'body/flag must be true or false'],
    ['{"name":{"toString":"x"}}', 'body/name must be a string of at most 8 characters'],
    ['{"name":["a"]}', 'body/name must be a string of at most 8 characters'],
    ['{"name":"123456789"}', 'body/name must be a string of at most 8 characters'],
    ['{"name":"bad"}', 'body/name must be not "bad" (got "bad")'],
    ['{"ids":"a"}', 'body/ids must be a list of at most 2 of: a, b'],
    ['{"ids":["a","b","a"]}', 'body/ids must be a list of at most 2 of: a, b'],
    ['{"ids":["c"]}', 'body/ids must be a list of at most 2 of: a, b (got "c")'],
    ['{"ids":[{"toString":"a"}]}', 'body/ids must be a list of at most 2 of: a, b (got {"toString":"a"})'],
    ['{"limits":{}}', 'body/limits/count is required'],
    ['{"limits":{"count":1,"extra":2}}', 'body/limits/extra is not a known field (known: count)'],
    ['{"limits":7}', 'body/limits must be a JSON object'],
    ['{"limits":{"count":"1"}}', 'body/limits/count must be an integer from 0 to 5'],
  ])('refuses %s with a 400 that names the field', async (text, message) => {
    expect(await refusal(text)).toContain(message);
  });
});
