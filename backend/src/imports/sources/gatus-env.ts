// Environment-variable substitution in a Gatus configuration, as Gatus applies it before parsing the
// YAML: the whole text is expanded with Go's os.ExpandEnv rules, after `$$` has been set aside as a
// literal `$`. So `$NAME` and `${NAME}` expand, an unset variable expands to nothing, `$` followed by
// anything that is not a name stays as it is, and `${}` or an unclosed `${` is dropped. The expansion
// is written here from those documented rules, so the imported values are the ones Gatus would use.

/** What expanding a configuration found: the text Gatus would parse, and the variables it lacked. */
export interface ExpandedConfig {
  text: string;
  /** Names referenced but not set (Gatus reads them as empty), in order of first use. */
  unset: string[];
}

/** Go's "special" shell variables: one character after `$` (or `${x}`) names them. */
const SPECIAL = new Set(['*', '#', '$', '@', '!', '?', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
const isNameCharacter = (c: string) => /^[A-Za-z0-9_]$/.test(c);

/**
 * The name after a `$` at the start of `rest`, and how many characters it spans. An empty name with a
 * width is bad syntax (Go drops those characters); an empty name with width 0 leaves the `$` alone.
 */
function nameAt(rest: string): { name: string; width: number } {
  if (rest[0] === '{') {
    if (rest.length > 2 && SPECIAL.has(rest[1]) && rest[2] === '}') return { name: rest[1], width: 3 };
    const close = rest.indexOf('}', 1);
    if (close === 1) return { name: '', width: 2 };
    if (close < 0) return { name: '', width: 1 };
    return { name: rest.slice(1, close), width: close + 1 };
  }
  if (SPECIAL.has(rest[0])) return { name: rest[0], width: 1 };
  let width = 0;
  while (width < rest.length && isNameCharacter(rest[width])) width++;
  return { name: rest.slice(0, width), width };
}

/** The configuration text as Gatus parses it, with `env` standing for the process environment. */
export function expandGatusEnv(source: string, env: Readonly<Record<string, string | undefined>>): ExpandedConfig {
  // Gatus protects `$$` with a marker before expanding and turns the marker back into `$` after; the
  // same is done here by splitting on `$$` and joining the expanded pieces with `$`.
  const unset: string[] = [];
  const expandPiece = (text: string): string => {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c !== '$' || i + 1 >= text.length) {
        out += c;
        i++;
        continue;
      }
      const { name, width } = nameAt(text.slice(i + 1));
      if (name === '' && width === 0) out += '$';
      else if (name !== '') {
        const value = Object.hasOwn(env, name) ? env[name] : undefined;
        if (value === undefined) {
          if (!unset.includes(name)) unset.push(name);
        } else out += value;
      }
      i += 1 + width;
    }
    return out;
  };
  return { text: source.split('$$').map(expandPiece).join('$'), unset };
}
