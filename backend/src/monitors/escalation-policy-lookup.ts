// Whether an escalation policy id names a policy of the workspace, for a monitor that uses it. The
// policies are escalation-policies/' own, and that module imports this one: so it provides the check
// here when it starts, as alerting provides a monitor's alert history (monitor-alert-history.ts).
import { Injectable } from '@nestjs/common';

type Check = (workspaceId: string, policyId: string) => Promise<boolean>;

@Injectable()
export class EscalationPolicyLookup {
  private check: Check = () => Promise.resolve(false);

  provide(check: Check): void {
    this.check = check;
  }

  /** Share-locks the policy until the transaction ends, so a delete waits for the monitor's save. */
  exists(workspaceId: string, policyId: string): Promise<boolean> {
    return this.check(workspaceId, policyId);
  }
}
