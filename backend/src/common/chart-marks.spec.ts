import { pointMarks } from './chart-marks';

/** The (cy, label y, anchor) of each mark, in order. */
function placed(markup: string): Array<{ cy: number; y: number; anchor: string; label: string }> {
  const found = [
    ...markup.matchAll(/cy="([\d.]+)%"[^]*?<text[^>]*\sy="([\d.]+)%"[^>]*text-anchor="(\w+)"\s*>([^<]*)<\/text/g),
  ];
  return found.map((m) => ({ cy: Number(m[1]), y: Number(m[2]), anchor: m[3], label: m[4] }));
}

describe(pointMarks.name, () => {
  it('draws a dot per point with its label beside it, on the side with room', () => {
    const sut = pointMarks(
      [
        { series: 'p50', x: 0.9, y: 0.5, label: 'p50 40 ms' },
        { series: 'p95', x: 0.1, y: 0.2, label: 'p95 <90> ms' },
      ],
      100,
    ).value;
    expect(sut.match(/<circle class="mark p50" cx="90.00%" cy="50.00%"/g)).toHaveLength(1);
    expect(sut.match(/<circle class="mark p95" cx="10.00%" cy="20.00%"/g)).toHaveLength(1);
    expect(placed(sut)).toEqual([
      { cy: 50, y: 50, anchor: 'end', label: 'p50 40 ms' },
      { cy: 20, y: 20, anchor: 'start', label: 'p95 &#60;90&#62; ms' },
    ]);
  });

  it('moves labels closer than the gap apart, keeping their order, within the plot', () => {
    const sut = pointMarks(
      [
        { series: 'p99', x: 1, y: 0.95, label: 'p99' },
        { series: 'p95', x: 1, y: 0.96, label: 'p95' },
        { series: 'p50', x: 1, y: 0.97, label: 'p50' },
      ],
      100,
      10,
    ).value;
    const ys = placed(sut).map((p) => p.y);
    expect(ys[1] - ys[0]).toBeCloseTo(10, 5);
    expect(ys[2] - ys[1]).toBeCloseTo(10, 5);
    expect(Math.max(...ys)).toBeLessThanOrEqual(95);
    // The dots stay where the values are.
    expect(placed(sut).map((p) => p.cy)).toEqual([95, 96, 97]);
  });
});
