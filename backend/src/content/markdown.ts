// Markdown for the public site: one renderer (raw HTML in the source is escaped, never passed
// through), front matter parsing, and plain-text passages for the index and its snippets.
import MarkdownIt from 'markdown-it';

export const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

export interface FrontMatter {
  title: string;
  description: string;
  /** Position within its section; pages without one follow, by title. */
  order?: number;
}

/** Splits `---`-delimited front matter of `key: value` lines from the body. */
export function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter (--- title, description ---)`);
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim()) continue;
    const kv = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!kv) throw new Error(`${file}: front matter line ${JSON.stringify(line)} is not "key: value"`);
    let value = kv[2].trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    fields[kv[1]] = value;
  }
  if (!fields.title) throw new Error(`${file}: front matter needs a title`);
  if (!fields.description) throw new Error(`${file}: front matter needs a description`);
  const meta: FrontMatter = { title: fields.title, description: fields.description };
  if (fields.order !== undefined) meta.order = Number(fields.order);
  return { meta, body: source.slice(match[0].length) };
}

/**
 * The readable text of a markdown document as passages: one per heading, paragraph, list item,
 * table row or code block, with markup removed.
 */
export function plainPassages(source: string): string[] {
  const passages: string[] = [];
  let row: string[] | null = null;
  for (const token of markdown.parse(source, {})) {
    switch (token.type) {
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        if (row?.length) passages.push(row.join(' · '));
        row = null;
        break;
      case 'inline': {
        const text = (token.children ?? [])
          .map((child) => {
            switch (child.type) {
              case 'text':
              case 'code_inline':
                return child.content;
              case 'softbreak':
              case 'hardbreak':
                return ' ';
              case 'image':
                return child.content;
              default:
                return '';
            }
          })
          .join('')
          .replace(/\s+/g, ' ')
          .trim();
        if (!text) break;
        if (row) row.push(text);
        else passages.push(text);
        break;
      }
      case 'fence':
      case 'code_block': {
        const text = token.content.replace(/\s+/g, ' ').trim();
        if (text) passages.push(text);
        break;
      }
      default:
        break;
    }
  }
  return passages;
}
