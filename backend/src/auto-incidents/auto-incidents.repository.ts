import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import type { AutoIncidentOutcome, AutoIncidentResolution } from './auto-incident.entity';

/** An opened report still waiting for its monitor to recover. */
export interface OpenAutoIncident {
  id: string;
  workspaceId: string;
  componentId: string;
  monitorId: string;
  incidentKey: string;
  reportId: string | null;
}

export interface NewAutoIncident {
  workspaceId: string;
  componentId: string;
  monitorId: string;
  incidentKey: string;
  downSince: Date;
}

/** The only reader and writer of auto_incidents. */
@Injectable()
export class AutoIncidentsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** The incident keys already handled for these components (opened or found a report there). */
  async handledKeys(componentIds: string[]): Promise<Set<string>> {
    if (!componentIds.length) return new Set();
    const rows = await this.db.rows<{ component_id: string; incident_key: string }>(
      `SELECT component_id::text AS component_id, incident_key FROM auto_incidents
        WHERE component_id = ANY($1::bigint[])`,
      [componentIds],
    );
    return new Set(rows.map((r) => handledKey(r.component_id, r.incident_key)));
  }

  /**
   * Claims the incident for the component in the caller's transaction: true when this transaction
   * inserted the row. A concurrent claim of the same key waits for the first to end, and then finds
   * the row (false) or, when the first rolled back (its node died), takes it.
   */
  async claim(values: NewAutoIncident): Promise<string | null> {
    const rows = await this.db.rows<{ id: string }>(
      `INSERT INTO auto_incidents (workspace_id, component_id, monitor_id, incident_key, down_since, outcome)
       VALUES ($1, $2, $3, $4, $5, 'opened')
       ON CONFLICT (component_id, incident_key) DO NOTHING
       RETURNING id::text AS id`,
      [values.workspaceId, values.componentId, values.monitorId, values.incidentKey, values.downSince],
    );
    return rows[0]?.id ?? null;
  }

  async settle(id: string, outcome: AutoIncidentOutcome, reportId: string): Promise<void> {
    await this.db.rows('UPDATE auto_incidents SET outcome = $2, report_id = $3 WHERE id = $1', [id, outcome, reportId]);
  }

  /** The opened reports whose resolution is not decided yet. */
  async unresolved(): Promise<OpenAutoIncident[]> {
    const rows = await this.db.rows<{
      id: string;
      workspace_id: string;
      component_id: string;
      monitor_id: string;
      incident_key: string;
      report_id: string | null;
    }>(
      `SELECT id::text AS id, workspace_id::text AS workspace_id, component_id::text AS component_id,
              monitor_id::text AS monitor_id, incident_key, report_id::text AS report_id
         FROM auto_incidents WHERE outcome = 'opened' AND resolution IS NULL ORDER BY id`,
    );
    return rows.map((r) => ({
      id: r.id,
      workspaceId: r.workspace_id,
      componentId: r.component_id,
      monitorId: r.monitor_id,
      incidentKey: r.incident_key,
      reportId: r.report_id,
    }));
  }

  /**
   * Locks the row until the transaction ends when its resolution is still undecided; false when
   * another node decided it meanwhile (the lock waits for that node's transaction, then sees it).
   */
  async lockUndecided(id: string): Promise<boolean> {
    const rows = await this.db.rows('SELECT 1 FROM auto_incidents WHERE id = $1 AND resolution IS NULL FOR UPDATE', [
      id,
    ]);
    return rows.length > 0;
  }

  /** Records the resolution unless one is recorded already; true when this call recorded it. */
  async decide(id: string, resolution: AutoIncidentResolution, at: Date): Promise<boolean> {
    const rows = await this.db.rows(
      `UPDATE auto_incidents SET resolution = $2, resolved_at = $3 WHERE id = $1 AND resolution IS NULL RETURNING id`,
      [id, resolution, at],
    );
    return rows.length > 0;
  }
}

export const handledKey = (componentId: string, incidentKey: string): string => `${componentId}/${incidentKey}`;
