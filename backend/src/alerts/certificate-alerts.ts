// Certificate expiry alerts, inside the ingest transaction: every stored result whose check saw a TLS
// certificate is compared with its monitor's thresholds (certificate_expiry_days, default 14, 7 and
// 1 days; none: no alerts). A threshold the certificate reached for the first time is recorded once
// per monitor, certificate and threshold (alerts.repository.ts `recordThresholds`, a unique row), and
// the smallest of those a check reached alerts through the monitor's channels: a check that first
// sees a certificate with 3 days left reaches 14 and 7 at once and sends one alert, for 7 (both
// recorded, so neither alerts later). A certificate is its issuer and serial, so a renewed one (a new
// serial) alerts again. It moves no status, and maintenance windows do not hold it.
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CHECK_RESULTS_PORT, certificateOf, type CheckResultsPort } from '../check-results/check-results.port';
import type { NewResult } from '../check-results/check-results.port';
import { MONITOR_BOUNDS, type CertificateInfo } from '../checks/check-config';
import { ESCALATION_POLICIES_PORT, type EscalationPoliciesPort } from '../escalation-policies/escalation-policies.port';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { NOTIFICATIONS_PORT, type NotificationsPort } from '../notifications/notifications.port';
import { AlertsRepository, type ReachedThreshold, type SeenCertificate } from './alerts.repository';

/** The largest threshold a monitor may name: a certificate further away reaches none, and is not looked up. */
const THRESHOLD_MAX_DAYS = MONITOR_BOUNDS.certificateExpiryDayMax;

/** sha256 (hex) of issuer and serial: the same certificate whichever location or node saw it. */
export function certificateKey(certificate: Pick<CertificateInfo, 'issuer' | 'serial'>): string {
  return createHash('sha256')
    .update(`${certificate.issuer}\n${certificate.serial.toUpperCase()}`, 'utf8')
    .digest('hex');
}

/** Stable per monitor, certificate and threshold (PagerDuty's dedup_key, Opsgenie's alias). */
export function certificateIncidentKey(reached: Pick<ReachedThreshold, 'monitorId' | 'certificateKey' | 'threshold'>) {
  return `cert-${reached.monitorId}-${reached.certificateKey.slice(0, 16)}-${reached.threshold}`;
}

/** Of the thresholds reached for the first time, the smallest of each monitor and certificate. */
export function alertingThresholds(reached: readonly ReachedThreshold[]): ReachedThreshold[] {
  const smallest = new Map<string, ReachedThreshold>();
  for (const r of reached) {
    const key = `${r.monitorId}|${r.certificateKey}`;
    const seen = smallest.get(key);
    if (!seen || r.threshold < seen.threshold) smallest.set(key, r);
  }
  return [...smallest.values()];
}

@Injectable()
export class CertificateAlerts {
  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(CHECK_RESULTS_PORT) results: CheckResultsPort,
    @Inject(NOTIFICATIONS_PORT) private readonly channels: NotificationsPort,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
    @Inject(ESCALATION_POLICIES_PORT) private readonly escalation: EscalationPoliciesPort,
  ) {
    results.onStored((stored) => this.consider(stored).then(() => undefined));
  }

  /** Records the thresholds the results' certificates reached and queues their alerts; answers how many deliveries. */
  async consider(results: readonly NewResult[], now = new Date()): Promise<number> {
    const seen: SeenCertificate[] = results.flatMap((r) => {
      const certificate = certificateOf(r);
      if (!certificate || certificate.daysLeft > THRESHOLD_MAX_DAYS) return [];
      return [
        {
          monitorId: r.run.monitorId,
          workspaceId: r.workspaceId,
          region: r.run.location,
          certificateKey: certificateKey(certificate),
          certificate,
        },
      ];
    });
    if (!seen.length) return 0;
    const reached = await this.alerts.recordThresholds(seen, now);
    let queued = 0;
    // One after the other: they share the transaction's connection.
    for (const alert of alertingThresholds(reached)) {
      const channelIds = await this.recipients(alert.monitorId);
      queued += await this.alerts.queueCertificateAlert(alert, certificateIncidentKey(alert), channelIds);
    }
    return queued;
  }

  /**
   * The channels wired to the monitor; with an escalation policy, its first step's: a certificate
   * about to expire is a warning nobody acknowledges, so it reaches the first people on call, once.
   */
  private async recipients(monitorId: string): Promise<string[]> {
    const policyId = (await this.monitors.alertPolicies([monitorId])).get(monitorId)?.escalationPolicyId;
    if (!policyId) return this.channels.channelIdsOf(monitorId);
    const [first] = (await this.escalation.stepsOf([policyId])).get(policyId) ?? [];
    return first?.channelIds ?? [];
  }
}
