/** Every JSON body the real API sends carries this exact content type (notes §1.3). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A plain JSON `Response`, for answers that are not part of the typed spec (edge errors, control routes). */
export function jsonResponse(body: unknown, status: number, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set('Content-Type', JSON_CONTENT_TYPE);
  return new Response(JSON.stringify(body), { status, headers: merged });
}
