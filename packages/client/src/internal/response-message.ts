import type { ApiErrorInit } from '../types.js';
import { clip } from './describe.js';
import { redact, redactHeaders, redactJson } from './redact.js';

/**
 * The init with the secrets taken out of everything the server sent. Done before formatting, so that truncating
 * the message can never cut a secret in half and leave a piece that no longer matches.
 */
export function redactResponseData<T extends ApiErrorInit>(init: T): T {
  return {
    ...init,
    body: redactJson(init.body, init.secrets),
    headers: redactHeaders(init.headers, init.secrets),
    url: redact(init.url, init.secrets),
  };
}

/** `"<status> <METHOD> <path>: <what the server said>"`, with fallbacks when it said nothing useful. */
export function formatApiErrorMessage(init: ApiErrorInit): string {
  return headline(init.status, init.method, init.url, describeBody(init));
}

/** `"<status> <METHOD> <path>: <what>"`: how every error about a response begins. */
export function headline(status: number, method: string, url: string, what: string): string {
  return `${status} ${method} ${truncate(pathOf(url))}: ${what}`;
}

const MAX_DETAIL = 200;

/** The reason phrase of a status, once the opt-in `statusPhrases()` is in use. */
let phraseOf: (status: number) => string | undefined = () => undefined;

/** Installs the reason phrases (`statusPhrases()`). */
export function setStatusPhrases(lookup: (status: number) => string | undefined): void {
  phraseOf = lookup;
}

function describeBody({ status, body, headers }: ApiErrorInit): string {
  const fallback = phraseOf(status) ?? (status >= 500 ? 'Server error' : 'Request failed');
  if (body === undefined || body === null) return `${fallback} (empty body)`;
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') return `${fallback} (empty body)`;
    const contentType = headers.get('content-type') ?? '';
    if (contentType.includes('html') || text.startsWith('<')) return `${fallback} (HTML body)`;
    return truncate(text.replace(/\s+/g, ' '));
  }
  const message = readString(body, 'message');
  const error = readString(body, 'error');
  if (message) return truncate(message);
  if (error) return truncate(error);
  return `${fallback} (unrecognized body)`;
}

/**
 * Path and query of a URL (shown shortened: the host is the same for every call and only makes messages longer),
 * or the text itself when it is not one.
 */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function truncate(text: string): string {
  return clip(text, MAX_DETAIL);
}

export function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
