import { BlockindexError } from './blockindex-error.js';

/**
 * The server's pages contradict each other in a way no exact iteration can follow (rows older than a row that is
 * still there changed, a list that ends before the rows it announced, more requests than its size needs). The
 * iteration stops rather than loop, skip or repeat; start it again.
 */
export class ListInconsistentError extends BlockindexError {
  override readonly name: string = 'ListInconsistentError';
}

/**
 * Iterating a list without a cursor, the list grew by more than a page between requests again and again, so
 * the iterator could not tell which rows it had missed; it stops rather than skip any. Use a larger `pageSize`.
 * A kind of {@link ListInconsistentError}.
 */
export class ListOutpacedError extends ListInconsistentError {
  override readonly name: string = 'ListOutpacedError';
}

/**
 * A re-org moved the chain under an iteration or a page param in a way the client cannot follow exactly, and it
 * says why: more rows already delivered were orphaned than the iterator remembers, the list re-orged again and
 * again, or the rows before a `pageParam` were orphaned (fetch the list again from its first page). A routine
 * re-org of a few blocks does not end here: the iteration re-reads the list and goes on. A kind of
 * {@link ListInconsistentError}.
 */
export class ListReorgedError extends ListInconsistentError {
  override readonly name: string = 'ListReorgedError';
}
