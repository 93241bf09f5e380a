// Small DOM helpers. User text (names, chat, deck names) only ever goes into the page
// through text nodes, never as HTML.

export type Child = Node | string | null | undefined | false;

export function el(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', (ev) => {
    ev.stopPropagation();
    onClick();
  });
  return b;
}
