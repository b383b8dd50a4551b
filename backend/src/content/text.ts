// Text analysis for the content index: Unicode-aware word splitting, lowercasing, stop words and
// the Porter stemmer (English), so that "monitoring", "monitored" and "monitors" meet in one term.

/** A word of the input with its place in the original string (for snippets). */
export interface Token {
  /** The lowercased, accent-free surface form. */
  word: string;
  /** The stem used as index term. */
  term: string;
  start: number;
  end: number;
}

// Letters or digits, with inner apostrophes ("don't"); everything else separates words, so
// `list_monitors` and `x-service-key` split into their parts both in documents and in queries.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'him his how i if in into is it its itself just me more most my no nor not of off on once only or other our ours ' +
    'out over own same she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you ' +
    'your yours'
  ).split(' '),
);

export function normalizeWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
}

/** Splits text into tokens; stop words are dropped unless `keepStopWords`. */
export function tokenize(text: string, keepStopWords = false): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalizeWord(match[0]);
    if (!word || (!keepStopWords && STOP_WORDS.has(word))) continue;
    const start = match.index;
    tokens.push({ word, term: stem(word), start, end: start + match[0].length });
  }
  return tokens;
}

// ---- Porter stemmer (M.F. Porter, 1980), written from the published algorithm ----

const isConsonant = (w: string, i: number): boolean => {
  const c = w[i];
  if ('aeiou'.includes(c)) return false;
  if (c === 'y') return i === 0 || !isConsonant(w, i - 1);
  return true;
};

/** The number of vowel-consonant sequences in `w` ("m" of the paper). */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  while (i < w.length && isConsonant(w, i)) i++;
  while (i < w.length) {
    while (i < w.length && !isConsonant(w, i)) i++;
    if (i >= w.length) break;
    while (i < w.length && isConsonant(w, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (w: string): boolean => [...w].some((_, i) => !isConsonant(w, i));
const endsDoubleConsonant = (w: string): boolean =>
  w.length > 1 && w[w.length - 1] === w[w.length - 2] && isConsonant(w, w.length - 1);
/** consonant-vowel-consonant at the end, the last not w, x or y. */
const endsCvc = (w: string): boolean => {
  const n = w.length;
  return (
    n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(w[n - 1])
  );
};

function replaceSuffix(w: string, rules: ReadonlyArray<[string, string]>, minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (w.endsWith(suffix)) {
      const base = w.slice(0, -suffix.length);
      return measure(base) > minMeasure ? base + replacement : w;
    }
  }
  return w;
}

const STEP2: Array<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
].sort((a, b) => b[0].length - a[0].length) as Array<[string, string]>;

const STEP3: Array<[string, string]> = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
  'ou',
];

/** Porter stem of a lowercased word; words with digits or non-ASCII letters are kept as they are. */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = word;

  // Step 1a: plurals.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.endsWith('ss')) {
    // kept
  } else if (w.endsWith('s')) w = w.slice(0, -1);

  // Step 1b: -ed, -ing.
  let cleanup = false;
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    cleanup = true;
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    cleanup = true;
  }
  if (cleanup) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (endsDoubleConsonant(w) && !'lsz'.includes(w[w.length - 1])) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += 'e';
  }

  // Step 1c: y -> i after a vowel-containing stem.
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;

  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);

  // Step 4: drop a suffix when what remains is long enough (m > 1).
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const base = w.slice(0, -suffix.length);
    if (measure(base) > 1 && (suffix !== 'ion' || /[st]$/.test(base))) w = base;
    break;
  }

  // Step 5: final e and double l.
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  if (w.endsWith('ll') && measure(w) > 1) w = w.slice(0, -1);
  return w;
}
