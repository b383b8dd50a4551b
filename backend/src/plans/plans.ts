// Plans carry feature flags and limits. Self-hosted workspaces default to `pro`, where every feature
// is on; `free` exists for SaaS-style deployments and for tests of plan gating.
import { LimitExceededError } from '../common/errors';

export const PLAN_FEATURES = ['audit-log', 'response-logs', 'subscriber-notifications', 'custom-theme'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const PLAN_NAMES = ['free', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  monitors: number;
  statusPages: number;
  notificationChannels: number;
  privateLocations: number;
  /** Shortest allowed periodicity, in seconds. */
  minPeriodicitySeconds: number;
  regionsPerMonitor: number;
}

export interface Plan {
  name: PlanName;
  features: ReadonlySet<PlanFeature>;
  limits: PlanLimits;
}

export const PLANS: Record<PlanName, Plan> = {
  free: {
    name: 'free',
    features: new Set<PlanFeature>(),
    limits: {
      monitors: 5,
      statusPages: 1,
      notificationChannels: 3,
      privateLocations: 0,
      minPeriodicitySeconds: 600,
      regionsPerMonitor: 6,
    },
  },
  pro: {
    name: 'pro',
    features: new Set<PlanFeature>(PLAN_FEATURES),
    limits: {
      monitors: 100000,
      statusPages: 1000,
      notificationChannels: 1000,
      privateLocations: 1000,
      minPeriodicitySeconds: 30,
      regionsPerMonitor: 28,
    },
  },
};

export function planOf(name: string): Plan {
  return (PLANS as Record<string, Plan | undefined>)[name] ?? PLANS.free;
}

export function hasFeature(planName: string, feature: PlanFeature): boolean {
  return planOf(planName).features.has(feature);
}

/** The limits that count a workspace's resources, and how a refusal names the field and the things. */
const COUNTED = {
  monitors: { field: 'monitors', things: 'monitors' },
  statusPages: { field: 'statusPages', things: 'status pages' },
  notificationChannels: { field: 'notifications', things: 'notification channels' },
  privateLocations: { field: 'private locations', things: 'private locations' },
} as const;
export type CountedLimit = keyof typeof COUNTED;

/**
 * Refuses one more resource when the workspace already has `count` of what `limit` counts. The
 * caller counts under the workspace lock (Database.lockWorkspace), so concurrent creates cannot
 * both pass.
 */
export function assertRoomForOne(planName: string, limit: CountedLimit, count: number): void {
  const plan = planOf(planName);
  const max = plan.limits[limit];
  if (count < max) return;
  const { field, things } = COUNTED[limit];
  throw new LimitExceededError(
    max === 0
      ? `${field}: the ${plan.name} plan does not include ${things}`
      : `${field}: the ${plan.name} plan allows at most ${max} ${things}`,
  );
}
