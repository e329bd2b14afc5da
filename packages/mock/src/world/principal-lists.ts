import type { TxRecord } from './model';

/** Stands for a list not built yet: its principal is known (and its place among the keys), its rows are not. */
const UNBUILT: TxRecord[] = [];

/**
 * Per principal, its transactions in chain order. Lists of a chain indexed from a snapshot are built on first
 * read (`defer`), so creating the world does not file every transaction under every principal it touches;
 * the keys are there from the start, in the order indexing block by block would have added them.
 */
export class PrincipalLists extends Map<string, TxRecord[]> {
  #build: ((principal: string) => TxRecord[]) | undefined;

  /** Adds `principals` (in this order) whose lists `build` makes when first read. */
  defer(principals: readonly string[], build: (principal: string) => TxRecord[]): void {
    for (const principal of principals) super.set(principal, UNBUILT);
    this.#build = build;
  }

  override get(principal: string): TxRecord[] | undefined {
    const list = super.get(principal);
    if (list !== UNBUILT || this.#build === undefined) return list;
    const built = this.#build(principal);
    super.set(principal, built);
    return built;
  }
}
