import type { SlaReportView } from '../sla/sla.view';
import { csvCell, slaCsv, slaCsvName } from './sla-csv';

describe('SLA CSV', () => {
  it('defuses text that a spreadsheet would run as a formula, and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-49.25)).toBe('-49.25');
    expect(csvCell(null)).toBe('');
  });

  it('writes one row per component and one for the page', () => {
    const figures = {
      measuredMinutes: 100,
      downtimeMinutes: 1,
      degradedMinutes: 0,
      uptimePercent: 99,
      source: 'history' as const,
      errorBudget: { allowedMinutes: 0.1, leftMinutes: -0.9, leftPercent: -900 },
      incidentCount: 1,
      mttrMinutes: 1,
      checks: { total: 10, failed: 1, degraded: 0 },
    };
    const report: SlaReportView = {
      scope: 'page',
      id: '7',
      name: 'Public',
      period: { kind: 'custom', label: 'a/b', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
      target: 99.9,
      generatedAt: '2026-01-02T00:00:00.000Z',
      figures,
      note: null,
      incidents: [],
      statusReports: [],
      components: [
        { componentId: '8', name: '=cmd|calc', monitorId: '9', figures, note: null },
        { componentId: '10', name: 'Docs', monitorId: null, figures: null, note: 'no monitor' },
      ],
    };
    const lines = slaCsv(report).split('\r\n');
    expect(lines).toHaveLength(5);
    expect(
      lines[1].startsWith(
        "component,8,'=cmd|calc,9,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,99.9,99,1,0,100,0.1,-0.9,-900,1,1,10,1,history,",
      ),
    ).toBe(true);
    expect(lines[2]).toBe(
      'component,10,Docs,,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,99.9,,,,,,,,,,,,,no monitor',
    );
    expect(lines[3].startsWith('page,7,Public,,')).toBe(true);
    expect(lines[4]).toBe('');
    expect(slaCsvName(report)).toBe('sla-page-7-a-b.csv');
  });
});
