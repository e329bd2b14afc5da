import type { OpenApiHttpHandlers } from 'openapi-msw';
import type { paths } from '../generated/schema';

/** openapi-msw's `http`, typed by the spec: a response body of the wrong shape does not compile. */
export type Http = OpenApiHttpHandlers<paths>;
