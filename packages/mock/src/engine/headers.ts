import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';

/** `Warning` the real service adds to every answer of a deprecated operation (notes §1.3), as the spec states it. */
export const DEPRECATION_WARNING: string = DEPRECATED_OPERATIONS.getBlockByBurnBlockHeight.warning;

/** `Cache-Control` sent with an ETag: caches must revalidate, which `If-None-Match` makes cheap. */
const REVALIDATE = 'public, no-cache, must-revalidate';

/** `Cache-Control` the Stacks API sets on every answer that has no ETag. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Wraps an ETag value in double quotes unless it already is a quoted (or weak) entity tag. */
export function quoteEtag(value: string): string {
  return /^(W\/)?".*"$/.test(value) ? value : `"${value}"`;
}

/** Caching headers of a 200: an ETag and revalidation when one is known, `no-store` otherwise. */
export function cacheHeaders(etag: string | undefined): Record<string, string> {
  return etag === undefined ? { ...NO_STORE } : { ETag: quoteEtag(etag), 'Cache-Control': REVALIDATE };
}

/**
 * True when `If-None-Match` names `etag`, as the real service compares (`parseIfNoneMatchHeader` of Hiro's
 * api-toolkit): weak, strong and unquoted tags compare equal, a list matches when one member does, and `*`
 * is a literal tag that never matches (the RFC's "any" is not implemented upstream, so neither is it here).
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const wanted = stripTag(etag);
  return header.split(',').some((candidate) => {
    const tag = stripTag(candidate.trim());
    return tag !== '*' && tag === wanted;
  });
}

function stripTag(tag: string): string {
  return tag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}
