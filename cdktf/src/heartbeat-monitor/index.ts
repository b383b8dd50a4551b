// https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface HeartbeatMonitorConfig extends cdktf.TerraformMetaArguments {
  /**
  * Whether lateness is judged: while inactive, pings are recorded but a missing one alerts no one. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#active HeartbeatMonitor#active}
  */
  readonly active?: boolean | cdktf.IResolvable;
  /**
  * With schedule `cron` (and required then): when the job runs, five fields (minute hour day-of-month month day-of-week, e.g. `"0 3 * * *"`) or a nickname such as `@daily`; at most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#cron HeartbeatMonitor#cron}
  */
  readonly cron?: string;
  /**
  * Free text about the monitor. At most 1024 characters; several lines allowed.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#description HeartbeatMonitor#description}
  */
  readonly description?: string;
  /**
  * Id of an escalation policy of the same workspace (`service_escalation_policy`): its steps say whom to notify and when, instead of the channels wired to the monitor. Leave it out to use the monitor's channels.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#escalation_policy_id HeartbeatMonitor#escalation_policy_id}
  */
  readonly escalationPolicyId?: string;
  /**
  * Seconds the monitor must have been failing before it is down, 0 to 86400; with `failure_threshold` also set, both must hold. Judged at the next check, or within about 5 seconds. Default `0`: no duration.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#failure_seconds HeartbeatMonitor#failure_seconds}
  */
  readonly failureSeconds?: number;
  /**
  * Consecutive failing checks (aggregate checks, after the `alert_quorum` of the locations) before the monitor is down or degraded and alerts, 1 to 100. Default `1`: the first one.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#failure_threshold HeartbeatMonitor#failure_threshold}
  */
  readonly failureThreshold?: number;
  /**
  * Seconds a ping may be late, and a started run (`/start`) may take, before the monitor is down: 0 to 2678400. Default `3600`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#grace_seconds HeartbeatMonitor#grace_seconds}
  */
  readonly graceSeconds?: number;
  /**
  * Name of the monitor, as dashboards and status pages show it. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#name HeartbeatMonitor#name}
  */
  readonly name: string;
  /**
  * Ids of monitors of the same workspace this one depends on (a set, at most 20; not itself, and no cycles). While any of them is down, this monitor's down and degraded alerts are recorded as suppressed, not sent; its recoveries and its own status still flow. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#parent_monitor_ids HeartbeatMonitor#parent_monitor_ids}
  */
  readonly parentMonitorIds?: string[];
  /**
  * With schedule `period`: seconds between pings, 30 to 2678400 (31 days). Default `86400`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#period_seconds HeartbeatMonitor#period_seconds}
  */
  readonly periodSeconds?: number;
  /**
  * A token to keep instead of a new random one, so existing cron lines keep working: a UUID (such as a Healthchecks.io check's) or 16 to 64 letters, digits, `-` and `_`. Sent on create only, and never read back: changing or removing it replaces the monitor (a new monitor, a new ping URL). After an import the configured token is recorded as it is, unchecked.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#ping_token HeartbeatMonitor#ping_token}
  */
  readonly pingToken?: string;
  /**
  * Whether a public status page may show the monitor. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#public HeartbeatMonitor#public}
  */
  readonly public?: boolean | cdktf.IResolvable;
  /**
  * Consecutive healthy checks before a down monitor is up again and its recovery is sent, 1 to 100. Default `1`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#recovery_threshold HeartbeatMonitor#recovery_threshold}
  */
  readonly recoveryThreshold?: number;
  /**
  * While the monitor is still down and the alert not acknowledged, notify again every this many minutes: 0 (no reminders) or 1 to 10080 (a week). Default `0`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#reminder_interval_minutes HeartbeatMonitor#reminder_interval_minutes}
  */
  readonly reminderIntervalMinutes?: number;
  /**
  * At most this many reminders per alert, 1 to 1000. Default `10`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#reminder_limit HeartbeatMonitor#reminder_limit}
  */
  readonly reminderLimit?: number;
  /**
  * How pings are expected: one of `period`, `cron`. `period`: one every `period_seconds`; `cron`: on the `cron` expression in `time_zone`. Default `period`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#schedule HeartbeatMonitor#schedule}
  */
  readonly schedule?: string;
  /**
  * Labels to group and filter monitors by (the dashboard's overview filters by tag), at most 20, each 1 to 64 characters without control characters or surrounding spaces. Case is kept. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#tags HeartbeatMonitor#tags}
  */
  readonly tags?: string[];
  /**
  * IANA time zone the `cron` expression is read in, e.g. `Europe/Berlin`. Default `UTC`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#time_zone HeartbeatMonitor#time_zone}
  */
  readonly timeZone?: string;
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor service_heartbeat_monitor}
*/
export class HeartbeatMonitor extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_heartbeat_monitor";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a HeartbeatMonitor resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the HeartbeatMonitor to import
  * @param importFromId The id of the existing HeartbeatMonitor that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the HeartbeatMonitor to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_heartbeat_monitor", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/heartbeat_monitor service_heartbeat_monitor} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options HeartbeatMonitorConfig
  */
  public constructor(scope: Construct, id: string, config: HeartbeatMonitorConfig) {
    super(scope, id, {
      terraformResourceType: 'service_heartbeat_monitor',
      terraformGeneratorMetadata: {
        providerName: 'service',
        providerVersionConstraint: '~> 0.1'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._active = config.active;
    this._cron = config.cron;
    this._description = config.description;
    this._escalationPolicyId = config.escalationPolicyId;
    this._failureSeconds = config.failureSeconds;
    this._failureThreshold = config.failureThreshold;
    this._graceSeconds = config.graceSeconds;
    this._name = config.name;
    this._parentMonitorIds = config.parentMonitorIds;
    this._periodSeconds = config.periodSeconds;
    this._pingToken = config.pingToken;
    this._public = config.public;
    this._recoveryThreshold = config.recoveryThreshold;
    this._reminderIntervalMinutes = config.reminderIntervalMinutes;
    this._reminderLimit = config.reminderLimit;
    this._schedule = config.schedule;
    this._tags = config.tags;
    this._timeZone = config.timeZone;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // active - computed: true, optional: true, required: false
  private _active?: boolean | cdktf.IResolvable; 
  public get active() {
    return this.getBooleanAttribute('active');
  }
  public set active(value: boolean | cdktf.IResolvable) {
    this._active = value;
  }
  public resetActive() {
    this._active = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get activeInput() {
    return this._active;
  }

  // cron - computed: false, optional: true, required: false
  private _cron?: string; 
  public get cron() {
    return this.getStringAttribute('cron');
  }
  public set cron(value: string) {
    this._cron = value;
  }
  public resetCron() {
    this._cron = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cronInput() {
    return this._cron;
  }

  // description - computed: false, optional: true, required: false
  private _description?: string; 
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  public resetDescription() {
    this._description = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // escalation_policy_id - computed: false, optional: true, required: false
  private _escalationPolicyId?: string; 
  public get escalationPolicyId() {
    return this.getStringAttribute('escalation_policy_id');
  }
  public set escalationPolicyId(value: string) {
    this._escalationPolicyId = value;
  }
  public resetEscalationPolicyId() {
    this._escalationPolicyId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get escalationPolicyIdInput() {
    return this._escalationPolicyId;
  }

  // failure_seconds - computed: true, optional: true, required: false
  private _failureSeconds?: number; 
  public get failureSeconds() {
    return this.getNumberAttribute('failure_seconds');
  }
  public set failureSeconds(value: number) {
    this._failureSeconds = value;
  }
  public resetFailureSeconds() {
    this._failureSeconds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get failureSecondsInput() {
    return this._failureSeconds;
  }

  // failure_threshold - computed: true, optional: true, required: false
  private _failureThreshold?: number; 
  public get failureThreshold() {
    return this.getNumberAttribute('failure_threshold');
  }
  public set failureThreshold(value: number) {
    this._failureThreshold = value;
  }
  public resetFailureThreshold() {
    this._failureThreshold = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get failureThresholdInput() {
    return this._failureThreshold;
  }

  // grace_seconds - computed: true, optional: true, required: false
  private _graceSeconds?: number; 
  public get graceSeconds() {
    return this.getNumberAttribute('grace_seconds');
  }
  public set graceSeconds(value: number) {
    this._graceSeconds = value;
  }
  public resetGraceSeconds() {
    this._graceSeconds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get graceSecondsInput() {
    return this._graceSeconds;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // parent_monitor_ids - computed: true, optional: true, required: false
  private _parentMonitorIds?: string[]; 
  public get parentMonitorIds() {
    return cdktf.Fn.tolist(this.getListAttribute('parent_monitor_ids'));
  }
  public set parentMonitorIds(value: string[]) {
    this._parentMonitorIds = value;
  }
  public resetParentMonitorIds() {
    this._parentMonitorIds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get parentMonitorIdsInput() {
    return this._parentMonitorIds;
  }

  // period_seconds - computed: true, optional: true, required: false
  private _periodSeconds?: number; 
  public get periodSeconds() {
    return this.getNumberAttribute('period_seconds');
  }
  public set periodSeconds(value: number) {
    this._periodSeconds = value;
  }
  public resetPeriodSeconds() {
    this._periodSeconds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get periodSecondsInput() {
    return this._periodSeconds;
  }

  // ping_token - computed: false, optional: true, required: false
  private _pingToken?: string; 
  public get pingToken() {
    return this.getStringAttribute('ping_token');
  }
  public set pingToken(value: string) {
    this._pingToken = value;
  }
  public resetPingToken() {
    this._pingToken = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get pingTokenInput() {
    return this._pingToken;
  }

  // ping_url - computed: true, optional: false, required: false
  public get pingUrl() {
    return this.getStringAttribute('ping_url');
  }

  // public - computed: true, optional: true, required: false
  private _public?: boolean | cdktf.IResolvable; 
  public get public() {
    return this.getBooleanAttribute('public');
  }
  public set public(value: boolean | cdktf.IResolvable) {
    this._public = value;
  }
  public resetPublic() {
    this._public = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get publicInput() {
    return this._public;
  }

  // recovery_threshold - computed: true, optional: true, required: false
  private _recoveryThreshold?: number; 
  public get recoveryThreshold() {
    return this.getNumberAttribute('recovery_threshold');
  }
  public set recoveryThreshold(value: number) {
    this._recoveryThreshold = value;
  }
  public resetRecoveryThreshold() {
    this._recoveryThreshold = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get recoveryThresholdInput() {
    return this._recoveryThreshold;
  }

  // reminder_interval_minutes - computed: true, optional: true, required: false
  private _reminderIntervalMinutes?: number; 
  public get reminderIntervalMinutes() {
    return this.getNumberAttribute('reminder_interval_minutes');
  }
  public set reminderIntervalMinutes(value: number) {
    this._reminderIntervalMinutes = value;
  }
  public resetReminderIntervalMinutes() {
    this._reminderIntervalMinutes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get reminderIntervalMinutesInput() {
    return this._reminderIntervalMinutes;
  }

  // reminder_limit - computed: true, optional: true, required: false
  private _reminderLimit?: number; 
  public get reminderLimit() {
    return this.getNumberAttribute('reminder_limit');
  }
  public set reminderLimit(value: number) {
    this._reminderLimit = value;
  }
  public resetReminderLimit() {
    this._reminderLimit = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get reminderLimitInput() {
    return this._reminderLimit;
  }

  // schedule - computed: true, optional: true, required: false
  private _schedule?: string; 
  public get schedule() {
    return this.getStringAttribute('schedule');
  }
  public set schedule(value: string) {
    this._schedule = value;
  }
  public resetSchedule() {
    this._schedule = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get scheduleInput() {
    return this._schedule;
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // tags - computed: true, optional: true, required: false
  private _tags?: string[]; 
  public get tags() {
    return cdktf.Fn.tolist(this.getListAttribute('tags'));
  }
  public set tags(value: string[]) {
    this._tags = value;
  }
  public resetTags() {
    this._tags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tagsInput() {
    return this._tags;
  }

  // time_zone - computed: true, optional: true, required: false
  private _timeZone?: string; 
  public get timeZone() {
    return this.getStringAttribute('time_zone');
  }
  public set timeZone(value: string) {
    this._timeZone = value;
  }
  public resetTimeZone() {
    this._timeZone = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeZoneInput() {
    return this._timeZone;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      active: cdktf.booleanToTerraform(this._active),
      cron: cdktf.stringToTerraform(this._cron),
      description: cdktf.stringToTerraform(this._description),
      escalation_policy_id: cdktf.stringToTerraform(this._escalationPolicyId),
      failure_seconds: cdktf.numberToTerraform(this._failureSeconds),
      failure_threshold: cdktf.numberToTerraform(this._failureThreshold),
      grace_seconds: cdktf.numberToTerraform(this._graceSeconds),
      name: cdktf.stringToTerraform(this._name),
      parent_monitor_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(this._parentMonitorIds),
      period_seconds: cdktf.numberToTerraform(this._periodSeconds),
      ping_token: cdktf.stringToTerraform(this._pingToken),
      public: cdktf.booleanToTerraform(this._public),
      recovery_threshold: cdktf.numberToTerraform(this._recoveryThreshold),
      reminder_interval_minutes: cdktf.numberToTerraform(this._reminderIntervalMinutes),
      reminder_limit: cdktf.numberToTerraform(this._reminderLimit),
      schedule: cdktf.stringToTerraform(this._schedule),
      tags: cdktf.listMapper(cdktf.stringToTerraform, false)(this._tags),
      time_zone: cdktf.stringToTerraform(this._timeZone),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      active: {
        value: cdktf.booleanToHclTerraform(this._active),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      cron: {
        value: cdktf.stringToHclTerraform(this._cron),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      escalation_policy_id: {
        value: cdktf.stringToHclTerraform(this._escalationPolicyId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      failure_seconds: {
        value: cdktf.numberToHclTerraform(this._failureSeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      failure_threshold: {
        value: cdktf.numberToHclTerraform(this._failureThreshold),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      grace_seconds: {
        value: cdktf.numberToHclTerraform(this._graceSeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      parent_monitor_ids: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._parentMonitorIds),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      period_seconds: {
        value: cdktf.numberToHclTerraform(this._periodSeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      ping_token: {
        value: cdktf.stringToHclTerraform(this._pingToken),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      public: {
        value: cdktf.booleanToHclTerraform(this._public),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      recovery_threshold: {
        value: cdktf.numberToHclTerraform(this._recoveryThreshold),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      reminder_interval_minutes: {
        value: cdktf.numberToHclTerraform(this._reminderIntervalMinutes),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      reminder_limit: {
        value: cdktf.numberToHclTerraform(this._reminderLimit),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      schedule: {
        value: cdktf.stringToHclTerraform(this._schedule),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      tags: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._tags),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      time_zone: {
        value: cdktf.stringToHclTerraform(this._timeZone),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
