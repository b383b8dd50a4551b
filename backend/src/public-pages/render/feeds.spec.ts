import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { renderAtom, renderRss } from './feeds';
import { fixtureHistory, fixtureSnapshot } from './machine-fixtures';

const links = {
  pageUrl: 'https://status.example.test/status/acme',
  selfUrl: 'https://status.example.test/status/acme/feed.atom',
  idHost: 'status.example.test',
};

/** A strict parse: any well-formedness error fails the test. */
function parse(xml: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

const texts = (doc: Document, tag: string) => Array.from(doc.getElementsByTagName(tag)).map((e) => e.textContent ?? '');

describe('feeds', () => {
  it('RSS 2.0: channel and items newest first, escaped, with stable guids', () => {
    const xml = renderRss(fixtureSnapshot(), fixtureHistory(), links);
    const doc = parse(xml);
    expect(doc.documentElement?.tagName).toBe('rss');
    expect(doc.documentElement?.getAttribute('version')).toBe('2.0');
    const channel = doc.getElementsByTagName('channel')[0];
    expect(channel.getElementsByTagName('title')[0].textContent).toBe('Acme <Status> & "Co"');
    expect(texts(doc, 'guid')).toEqual([
      'tag:status.example.test,2026-11-25:status-page/7/maintenance/42',
      'tag:status.example.test,2026-11-20:status-page/7/maintenance/41',
      'tag:status.example.test,2026-11-20:status-page/7/report/31',
      'tag:status.example.test,2026-11-01:status-page/7/report/30',
    ]);
    expect(texts(doc, 'title')).toContain('API errors & <timeouts> (identified)');
    const description = texts(doc, 'description').find((d) => d.includes('rolling back'))!;
    // The timeline, newest update first.
    expect(description.indexOf('rolling back')).toBeLessThan(description.indexOf('Errors on <API>.'));
    expect(texts(doc, 'link')).toContain('https://status.example.test/status/acme#report-31');
    for (const date of texts(doc, 'pubDate')) expect(new Date(date).toUTCString()).toBe(date);
    expect(xml).not.toContain('<API>');
  });

  it('Atom (RFC 4287): feed id, title, updated, self link; entries with id, title, updated, content', () => {
    const doc = parse(renderAtom(fixtureSnapshot(), fixtureHistory(), links));
    const feed = doc.documentElement!;
    expect(feed.tagName).toBe('feed');
    expect(feed.getAttribute('xmlns')).toBe('http://www.w3.org/2005/Atom');
    const own = (tag: string) => Array.from(feed.childNodes).filter((n) => n.nodeName === tag) as Element[];
    expect(own('id')).toHaveLength(1);
    expect(own('title')[0].textContent).toBe('Acme <Status> & "Co"');
    expect(own('updated')[0].textContent).toBe('2026-11-25T01:00:00.000Z');
    expect(own('author')).toHaveLength(1);
    expect(own('link').map((l) => [l.getAttribute('rel'), l.getAttribute('href')])).toEqual([
      ['alternate', links.pageUrl],
      ['self', links.selfUrl],
    ]);
    const entries = Array.from(doc.getElementsByTagName('entry'));
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      for (const tag of ['id', 'title', 'updated', 'content']) {
        expect([tag, entry.getElementsByTagName(tag).length]).toEqual([tag, 1]);
      }
    }
    const updated = entries.map((e) => e.getElementsByTagName('updated')[0].textContent!);
    expect([...updated].sort().reverse()).toEqual(updated);
  });

  it('lists an active report once even when the history has it too, and an empty page parses', () => {
    const snapshot = fixtureSnapshot();
    const history = { ...fixtureHistory(), reports: [...fixtureHistory().reports, snapshot.activeReports[0]] };
    const doc = parse(renderAtom(snapshot, history, links));
    expect(doc.getElementsByTagName('entry')).toHaveLength(4);
    const empty = fixtureSnapshot({ activeReports: [], activeMaintenances: [], upcomingMaintenances: [] });
    expect(parse(renderRss(empty, null, links)).getElementsByTagName('item')).toHaveLength(0);
    expect(parse(renderAtom(empty, null, links)).getElementsByTagName('entry')).toHaveLength(0);
  });

  it('drops characters XML forbids from the page data', () => {
    const snapshot = fixtureSnapshot();
    snapshot.activeReports[0].title = 'bad\u0001title\u000b';
    const xml = renderRss(snapshot, null, links);
    expect(texts(parse(xml), 'title')).toContain('badtitle (identified)');
  });
});
