/** Finds a required element inside `root`; a missing one is a bug in index.html, so fail loudly. */
export function find<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T & Element>(selector);
  if (!element) throw new Error(`missing element ${selector}`);
  return element;
}

/** Creates an element with text or child nodes: enough DOM building for this app, no framework needed. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; title?: string; dataset?: Record<string, string> } = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.title) element.title = props.title;
  Object.assign(element.dataset, props.dataset);
  element.append(...children); // strings become text nodes: API data is never parsed as HTML
  return element;
}

/** Shows (or, with `undefined`, hides) a view's error line. */
export function showError(view: HTMLElement, message: string | undefined): void {
  const line = find(view, '.error');
  line.textContent = message ?? '';
  line.hidden = message === undefined;
}

/** `0x1234…cdef`: long ids stay recognisable without breaking the layout. */
export function shorten(id: string, keep = 6): string {
  return id.length <= keep * 2 + 1 ? id : `${id.slice(0, keep)}…${id.slice(-4)}`;
}
