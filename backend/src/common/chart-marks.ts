// Dots for charts with too few points for a line. A polyline needs two points, so a chart fed one
// hour or one day of checks drew nothing and a new monitor looked broken; a lone point is drawn as a
// dot with its value written beside it. Shared by the dashboard's charts and the public page's
// response-time panel, which colour the dots by series in their own stylesheets.
import { html, type Html } from './html';

export interface PointMark {
  /** The series (`p50`, `p95`, `p99`): the dot's class, which the stylesheet colours. */
  series: string;
  /** Where the point lies, as fractions of the plot's width and height (0 to 1, y from the top). */
  x: number;
  y: number;
  /** Written beside the dot. */
  label: string;
}

/** The dots' radius and how far a label keeps from its dot, in pixels. */
const RADIUS = 3.5;
const OFFSET = 7;

/**
 * The dots and their labels, for an SVG drawn at its own pixel size (no viewBox, or a viewBox as
 * large as the element): coordinates are percentages, so the dots stay round and the text unscaled
 * however wide the chart is, unlike lines drawn with `preserveAspectRatio="none"`. A label sits on
 * the side of its dot with more room; labels closer than `gapPx` in a plot `heightPx` tall are moved
 * apart, keeping their order.
 */
export function pointMarks(marks: readonly PointMark[], heightPx: number, gapPx = 11): Html {
  const order = marks.map((_, i) => i).sort((a, b) => marks[a].y - marks[b].y);
  const top = gapPx / 2;
  const bottom = heightPx - gapPx / 2;
  const ys = new Array<number>(marks.length);
  let previous = -Infinity;
  for (const i of order) {
    ys[i] = Math.max(marks[i].y * heightPx, previous + gapPx, top);
    previous = ys[i];
  }
  // Pushed past the bottom: the whole stack moves up, as far as the top allows.
  const overflow = marks.length ? Math.max(...ys) - bottom : 0;
  if (overflow > 0) for (let i = 0; i < ys.length; i++) ys[i] = Math.max(top, ys[i] - overflow);
  const percent = (fraction: number) => `${(Math.min(1, Math.max(0, fraction)) * 100).toFixed(2)}%`;
  return html`${marks.map((m, i) => {
    const right = m.x <= 0.5;
    return html`<circle class="mark ${m.series}" cx="${percent(m.x)}" cy="${percent(m.y)}" r="${RADIUS}"></circle
      ><text
        class="value"
        x="${percent(m.x)}"
        y="${percent(ys[i] / heightPx)}"
        dx="${right ? OFFSET : -OFFSET}"
        dy="0.35em"
        text-anchor="${right ? 'start' : 'end'}"
        >${m.label}</text
      >`;
  })}`;
}
