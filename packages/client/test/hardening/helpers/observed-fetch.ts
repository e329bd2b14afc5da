/** One attempt the client made: when (`Date.now()`, so the fake clock), and when it was over. */
export interface Attempt {
  at: number;
  url: string;
  /** Resolves once the client has read the whole body, failed reading it, or the request failed. */
  done: Promise<void>;
}

/**
 * Wraps `globalThis.fetch` to record the client's attempts and to tell when each is over, body included:
 * under fake timers the test must know the client has gone to sleep before moving the clock.
 */
export function observedFetch(inner: (request: Request) => Promise<Response> = (r) => globalThis.fetch(r)) {
  const attempts: Attempt[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    attempts.push({ at: Date.now(), url: request.url, done });
    let response: Response;
    try {
      response = await inner(request);
    } catch (error) {
      finish();
      throw error;
    }
    // openapi-fetch leaves a body announced as empty unread.
    if (response.body === null || response.headers.get('content-length') === '0') {
      finish();
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done: ended, value } = await reader.read();
          if (ended) {
            controller.close();
            finish();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
          finish();
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch, attempts };
}
