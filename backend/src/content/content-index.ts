// An in-process full-text index: inverted index over title and body, BM25 ranking with a title
// boost, prefix matching of the last query word, and snippets cut from the best-matching passage.
import { tokenize, type Token } from './text';

export interface IndexedDocument {
  id: string;
  title: string;
  /** Plain-text passages (markdown already stripped); the first may be the description. */
  passages: string[];
}

export interface IndexHit {
  id: string;
  score: number;
  snippet: string;
}

interface Posting {
  doc: number;
  titleTf: number;
  bodyTf: number;
}

interface Doc {
  id: string;
  titleLength: number;
  bodyLength: number;
  passages: string[];
}

const K1 = 1.2;
const B = 0.75;
/** A title match counts this much more than the same match in the body. */
export const TITLE_BOOST = 3;
/** Terms reached only through prefix expansion weigh a little less than the typed word. */
const PREFIX_WEIGHT = 0.8;
const MAX_PREFIX_EXPANSIONS = 50;
export const SNIPPET_MAX = 200;

export class ContentIndex {
  private readonly docs: Doc[] = [];
  private readonly postings = new Map<string, Posting[]>();
  /** Surface words seen, sorted, each with the terms it stems to (for prefix matching). */
  private words: Array<[string, string]> = [];
  private avgTitle = 1;
  private avgBody = 1;

  constructor(documents: readonly IndexedDocument[]) {
    const wordTerms = new Map<string, string>();
    for (const document of documents) {
      const docIndex = this.docs.length;
      const titleTokens = tokenize(document.title);
      const bodyTokens = document.passages.flatMap((p) => tokenize(p));
      this.docs.push({
        id: document.id,
        titleLength: titleTokens.length,
        bodyLength: bodyTokens.length,
        passages: document.passages,
      });
      const counts = new Map<string, Posting>();
      const count = (tokens: Token[], field: 'titleTf' | 'bodyTf') => {
        for (const token of tokens) {
          wordTerms.set(token.word, token.term);
          let posting = counts.get(token.term);
          if (!posting) {
            posting = { doc: docIndex, titleTf: 0, bodyTf: 0 };
            counts.set(token.term, posting);
          }
          posting[field] += 1;
        }
      };
      count(titleTokens, 'titleTf');
      count(bodyTokens, 'bodyTf');
      for (const [term, posting] of counts) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push(posting);
      }
    }
    this.words = [...wordTerms].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const n = Math.max(1, this.docs.length);
    this.avgTitle = Math.max(1, this.docs.reduce((s, d) => s + d.titleLength, 0) / n);
    this.avgBody = Math.max(1, this.docs.reduce((s, d) => s + d.bodyLength, 0) / n);
  }

  get size(): number {
    return this.docs.length;
  }

  /**
   * Ranks documents for `query`, best first. `accept` filters by document id before ranking is cut
   * to `limit`. Every query word contributes; the last one also matches words it is a prefix of.
   */
  search(query: string, limit: number, accept: (id: string) => boolean = () => true): IndexHit[] {
    const groups = this.queryTerms(query);
    if (!groups.length) return [];
    const scores = new Map<number, number>();
    const idfs = new Map<string, number>();
    for (const group of groups) {
      // Within a group (one query word), a document scores its best-matching term only.
      const best = new Map<number, number>();
      for (const [term, weight] of group) {
        const list = this.postings.get(term);
        if (!list) continue;
        const idf = this.idf(list.length);
        idfs.set(term, Math.max(idfs.get(term) ?? 0, idf * weight));
        for (const posting of list) {
          const doc = this.docs[posting.doc];
          const s =
            weight *
            idf *
            (TITLE_BOOST * this.saturate(posting.titleTf, doc.titleLength, this.avgTitle) +
              this.saturate(posting.bodyTf, doc.bodyLength, this.avgBody));
          if (s > (best.get(posting.doc) ?? 0)) best.set(posting.doc, s);
        }
      }
      for (const [doc, s] of best) scores.set(doc, (scores.get(doc) ?? 0) + s);
    }
    return [...scores]
      .filter(([doc]) => accept(this.docs[doc].id))
      .sort((a, b) => b[1] - a[1] || (this.docs[a[0]].id < this.docs[b[0]].id ? -1 : 1))
      .slice(0, limit)
      .map(([doc, score]) => ({
        id: this.docs[doc].id,
        score: Math.round(score * 1000) / 1000,
        snippet: snippet(this.docs[doc].passages, idfs),
      }));
  }

  /** One group of (term, weight) per query word; the last word is expanded by prefix. */
  private queryTerms(query: string): Array<Array<[string, number]>> {
    let tokens = tokenize(query);
    // A query made only of stop words ("how to") still means something: search its words.
    if (!tokens.length) tokens = tokenize(query, true);
    const groups = tokens.map((t): Array<[string, number]> => [[t.term, 1]]);
    const last = tokens[tokens.length - 1];
    if (last && !/\s$/.test(query) && last.word.length >= 2) {
      const group = groups[groups.length - 1];
      const seen = new Set([last.term]);
      for (let i = lowerBound(this.words, last.word); i < this.words.length; i++) {
        const [word, term] = this.words[i];
        if (!word.startsWith(last.word)) break;
        if (seen.has(term)) continue;
        seen.add(term);
        group.push([term, PREFIX_WEIGHT]);
        if (seen.size > MAX_PREFIX_EXPANSIONS) break;
      }
    }
    return groups;
  }

  private idf(df: number): number {
    return Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5));
  }

  private saturate(tf: number, length: number, avg: number): number {
    if (!tf) return 0;
    return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avg));
  }
}

function lowerBound(words: Array<[string, string]>, prefix: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid][0] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The passage with the most (idf-weighted, distinct) query terms, cut to at most SNIPPET_MAX
 * characters around its first match. Without a body match: the start of the first passage.
 */
export function snippet(passages: readonly string[], weights: ReadonlyMap<string, number>): string {
  let best = -1;
  let bestScore = 0;
  let bestStart = 0;
  passages.forEach((passage, i) => {
    const tokens = tokenize(passage).filter((t) => weights.has(t.term));
    if (!tokens.length) return;
    const distinct = new Set(tokens.map((t) => t.term));
    let score = 0;
    for (const term of distinct) score += weights.get(term) ?? 0;
    score += tokens.length * 0.01; // ties: more occurrences
    if (score > bestScore) {
      bestScore = score;
      best = i;
      bestStart = tokens[0].start;
    }
  });
  if (best < 0) return clip(passages[0] ?? '', 0);
  return clip(passages[best], bestStart);
}

/** Cuts `text` to SNIPPET_MAX characters, starting near `at` and on word boundaries. */
function clip(text: string, at: number): string {
  if (text.length <= SNIPPET_MAX) return text;
  let start = 0;
  // Keep a little context before the match, unless the match is already near the start.
  if (at > 60) {
    start = at - 40;
    const space = text.indexOf(' ', start);
    start = space >= 0 && space < at ? space + 1 : at;
  }
  const room = SNIPPET_MAX - (start > 0 ? 1 : 0) - 1;
  let end = start + room;
  if (end >= text.length) {
    end = text.length;
  } else {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  let out = text.slice(start, end).trim();
  if (start > 0) out = `…${out}`;
  if (end < text.length) out = `${out}…`;
  return out;
}
