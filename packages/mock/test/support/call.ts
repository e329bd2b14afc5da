import { getResponse, type RequestHandler } from 'msw';
import { DEFAULT_BASE_URL } from '../../src/engine/base-url';

/** What a test looks at in an answer. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

/** Sends one request through the handlers with msw's `getResponse`: no network, no global interception. */
export async function call(
  handlers: RequestHandler[],
  path: string,
  init: RequestInit = {},
  baseUrl = DEFAULT_BASE_URL,
): Promise<Answer> {
  const response = await getResponse(handlers, new Request(baseUrl + path, init));
  if (!response) throw new Error(`no handler answered ${path}`);
  const text = await response.text();
  let body: unknown;
  if (text !== '' && response.headers.get('content-type')?.startsWith('application/json'))
    body = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, body };
}
