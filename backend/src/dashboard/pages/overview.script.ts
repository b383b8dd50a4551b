// The overview's live updates: a small script (progressive enhancement; the page is whole without
// it) that asks `monitors/changes.json` every LIVE_INTERVAL_MS what changed since its last answer
// and repaints those rows' status, location dots and last check. The answer is compact: a few
// dozen bytes per monitor that reported. On a monitor's page (`data-reload`) it reloads the page
// once a newer check of that monitor arrived.
import type { OverviewChanges } from '../../monitors/monitors-overview.service';

export const LIVE_INTERVAL_MS = 5_000;

/** `{at, m: [[id, status, active 0|1, last check or null, [[location, status], …]], …]}`. */
export function changesJson(changes: OverviewChanges): string {
  return JSON.stringify({
    at: changes.at.toISOString(),
    m: changes.items.map((m) => [
      m.id,
      m.status,
      m.active ? 1 : 0,
      m.lastCheckAt ? m.lastCheckAt.toISOString() : null,
      m.locations.map((l) => [l.location, l.status]),
    ]),
  });
}

export const OVERVIEW_SCRIPT = `(function () {
  'use strict';
  var live = document.getElementById('live');
  if (!live || !window.fetch) return;
  var WORDS = { active: 'Up', degraded: 'Degraded', error: 'Down', unknown: 'No data', paused: 'Paused' };
  var PRIVATE = 'private-location:';
  var url = live.getAttribute('data-changes');
  var at = live.getAttribute('data-at');
  // A monitor's own page reloads once a check newer than the one it shows has arrived.
  var reload = live.getAttribute('data-reload');
  var shown = live.getAttribute('data-last') || '';
  function label(location) {
    return location.indexOf(PRIVATE) === 0 ? 'private location ' + location.slice(PRIVATE.length) : location;
  }
  function stamp(iso) {
    var t = document.createElement('time');
    t.dateTime = iso;
    t.title = iso.slice(0, 19).replace('T', ' ') + ' UTC';
    t.textContent = iso.slice(11, 19) + ' UTC';
    return t;
  }
  function badge(kind, text) {
    var s = document.createElement('span');
    s.className = 'badge ' + kind;
    s.textContent = text;
    return s;
  }
  function paint(m) {
    var row = document.getElementById('m-' + m[0]);
    if (!row) return;
    var status = row.querySelector('.status-cell');
    status.textContent = '';
    status.appendChild(badge(m[1], WORDS[m[1]]));
    if (!m[2]) {
      status.appendChild(document.createTextNode(' '));
      status.appendChild(badge('paused', WORDS.paused));
    }
    if (m[3]) {
      var last = row.querySelector('.last-cell');
      last.textContent = '';
      last.appendChild(stamp(m[3]));
    }
    var dots = row.querySelectorAll('.dots li');
    m[4].forEach(function (l, i) {
      var dot = dots[i];
      if (!dot) return;
      var text = label(l[0]) + ': ' + WORDS[l[1]];
      dot.className = 'dot ' + l[1];
      dot.title = text;
      dot.setAttribute('aria-label', text);
    });
  }
  function poll() {
    fetch(url + '?since=' + encodeURIComponent(at), { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (r) {
        if (!r.ok) throw new Error('status ' + r.status);
        return r.json();
      })
      .then(function (body) {
        if (reload && body.m.some(function (m) { return m[0] === reload && m[3] && m[3] > shown; })) {
          window.location.reload();
          return;
        }
        body.m.forEach(paint);
        at = body.at;
        live.textContent = 'Updated ';
        live.appendChild(stamp(at));
        live.appendChild(document.createTextNode('.'));
      })
      .catch(function () {})
      .then(function () {
        setTimeout(poll, ${LIVE_INTERVAL_MS});
      });
  }
  setTimeout(poll, ${LIVE_INTERVAL_MS});
})();
`;
