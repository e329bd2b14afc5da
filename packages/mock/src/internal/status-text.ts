const REASONS: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  418: "I'm a Teapot",
  422: 'Unprocessable Entity',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  425: 'Too Early',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of a status: Fastify's `error` field of an error body, a Fetch `Response`'s `statusText`. */
export function statusText(status: number): string {
  return REASONS[status] ?? 'Error';
}
