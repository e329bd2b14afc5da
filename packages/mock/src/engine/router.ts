import type { OperationId } from './answer';

/** Where a request path leads: an operation, its decoded path parameters, and whether the case matched. */
interface RouteMatch {
  readonly operationId: OperationId;
  readonly params: Readonly<Record<string, string>>;
  /**
   * False when the path matches only case-insensitively (`/EXTENDED/...`): msw would have routed it, Fastify
   * (the real service) does not, so the operation answers its 404 for an unknown route.
   */
  readonly exact: boolean;
}

/** Matches request paths against the operations' path templates. */
export interface Router {
  match(pathname: string): RouteMatch | undefined;
}

type Segment = { readonly literal: string; readonly lower: string } | { readonly param: string };

interface CompiledRoute {
  readonly operationId: OperationId;
  readonly segments: readonly Segment[];
}

/**
 * Compiles path templates (`/extended/v1/block/by_burn_block_height/{burn_block_height}`) once into a matcher
 * that answers what msw's per-request path-to-regexp matching did: literals compared without regard to
 * case (the `exact` flag tells), a parameter is one non-empty segment percent-decoded with
 * `decodeURIComponent`, one trailing slash ignored. Routes are tried in the order given, first match wins.
 * `pathname` is a WHATWG URL pathname (always ASCII, starting with `/`).
 */
export function createRouter(templates: readonly (readonly [OperationId, string])[]): Router {
  const bySegmentCount = new Map<number, CompiledRoute[]>();
  for (const [operationId, template] of templates) {
    const segments = template
      .split('/')
      .slice(1)
      .map((part): Segment => {
        const param = /^\{([^}]+)\}$/.exec(part)?.[1];
        return param === undefined ? { literal: part, lower: part.toLowerCase() } : { param };
      });
    const routes = bySegmentCount.get(segments.length) ?? [];
    routes.push({ operationId, segments });
    bySegmentCount.set(segments.length, routes);
  }
  return {
    match(pathname) {
      const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
      const parts = trimmed.split('/');
      // parts[0] is the empty string before the leading slash.
      const routes = bySegmentCount.get(parts.length - 1);
      if (routes === undefined) return undefined;
      for (const route of routes) {
        const found = matchRoute(route, parts);
        if (found !== undefined) return found;
      }
      return undefined;
    },
  };
}

function matchRoute(route: CompiledRoute, parts: readonly string[]): RouteMatch | undefined {
  let exact = true;
  const params: Record<string, string> = {};
  for (let index = 0; index < route.segments.length; index += 1) {
    const segment = route.segments[index] as Segment;
    const part = parts[index + 1] as string;
    if ('param' in segment) {
      if (part === '') return undefined;
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        // msw would throw here; the server refuses undecodable paths before routing.
        return undefined;
      }
    } else if (part !== segment.literal) {
      if (part.toLowerCase() !== segment.lower) return undefined;
      exact = false;
    }
  }
  return { operationId: route.operationId, params, exact };
}
