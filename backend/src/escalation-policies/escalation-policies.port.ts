// What alerting asks of the escalation policies: each policy's steps, by policy id. The repository
// stays the module's own: another module reaches it through this port (the direction check refuses a
// repository imported from another folder). A step may still name a channel deleted since the alert
// opened only until the deletion commits; alerting skips channels that no longer exist at send time.
import type { EscalationPoliciesRepository } from './escalation-policies.repository';

export const ESCALATION_POLICIES_PORT = Symbol('EscalationPoliciesPort');

export type EscalationPoliciesPort = Pick<EscalationPoliciesRepository, 'stepsOf'>;
