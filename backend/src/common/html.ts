// Safe HTML for server-rendered pages (the dashboard, public status pages): the `html` tag escapes
// every interpolated value unless it is already Html (the output of another component), so user input
// cannot reach a page unescaped.

/** Text made safe inside HTML elements and quoted attributes (the five characters HTML gives meaning). */
export function escapeHtml(text: string): string {
  // Most values hold none of the five: answered as they are, without a replace pass (large pages).
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => `&#${c.charCodeAt(0)};`) : text;
}

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

export class Html {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new Html(out);
}

/** Markup written in this code base, never user input (the stylesheet, fixed snippets). */
export function trusted(markup: string): Html {
  return new Html(markup);
}
