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
    this._graceSeconds = config.graceSeconds;
    this._name = config.name;
    this._periodSeconds = config.periodSeconds;
    this._pingToken = config.pingToken;
    this._public = config.public;
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
      grace_seconds: cdktf.numberToTerraform(this._graceSeconds),
      name: cdktf.stringToTerraform(this._name),
      period_seconds: cdktf.numberToTerraform(this._periodSeconds),
      ping_token: cdktf.stringToTerraform(this._pingToken),
      public: cdktf.booleanToTerraform(this._public),
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
