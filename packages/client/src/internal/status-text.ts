/**
 * Reason phrases of the statuses an API client meets in practice (those the spec declares and the usual gateway and
 * rate-limit answers), worded as Node's `http.STATUS_CODES` and so as the API's error bodies: a small table rather
 * than every status Node names, since every app ships it. Any other status reads "Request failed" or "Server error".
 */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of `status`, or a generic one for its family. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server error' : 'Request failed');
}
