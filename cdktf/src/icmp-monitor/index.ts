// https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface IcmpMonitorConfig extends cdktf.TerraformMetaArguments {
  /**
  * Whether the monitor runs: checks are scheduled only while it is active. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#active IcmpMonitor#active}
  */
  readonly active?: boolean | cdktf.IResolvable;
  /**
  * How many of the locations (regions and private locations) must be in error for the monitor to alert `down`, or in error or degraded for it to alert `degraded`, 0 to 100. `0` means a strict majority of the locations that report; a number larger than the locations means all of them. Default `0`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#alert_quorum IcmpMonitor#alert_quorum}
  */
  readonly alertQuorum?: number;
  /**
  * Latency in milliseconds above which a successful check counts as degraded, 0 to 120000; it applies to the average latency of the echoes. When left out the service computes it from the timeout (half of it, at most 30000).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#degraded_at IcmpMonitor#degraded_at}
  */
  readonly degradedAt?: number;
  /**
  * Free text about the monitor. At most 1024 characters; several lines allowed.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#description IcmpMonitor#description}
  */
  readonly description?: string;
  /**
  * Id of an escalation policy of the same workspace (`service_escalation_policy`): its steps say whom to notify and when, instead of the channels wired to the monitor. Leave it out to use the monitor's channels.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#escalation_policy_id IcmpMonitor#escalation_policy_id}
  */
  readonly escalationPolicyId?: string;
  /**
  * Seconds the monitor must have been failing before it is down, 0 to 86400; with `failure_threshold` also set, both must hold. Judged at the next check, or within about 5 seconds. Default `0`: no duration.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#failure_seconds IcmpMonitor#failure_seconds}
  */
  readonly failureSeconds?: number;
  /**
  * Consecutive failing checks (aggregate checks, after the `alert_quorum` of the locations) before the monitor is down or degraded and alerts, 1 to 100. Default `1`: the first one.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#failure_threshold IcmpMonitor#failure_threshold}
  */
  readonly failureThreshold?: number;
  /**
  * Name of the monitor, as dashboards and status pages show it. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#name IcmpMonitor#name}
  */
  readonly name: string;
  /**
  * Ids of monitors of the same workspace this one depends on (a set, at most 20; not itself, and no cycles). While any of them is down, this monitor's down and degraded alerts are recorded as suppressed, not sent; its recoveries and its own status still flow. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#parent_monitor_ids IcmpMonitor#parent_monitor_ids}
  */
  readonly parentMonitorIds?: string[];
  /**
  * How often the monitor runs: one of `30s`, `1m`, `5m`, `10m`, `30m`, `1h`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#periodicity IcmpMonitor#periodicity}
  */
  readonly periodicity: string;
  /**
  * Whether a public status page may show the monitor. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#public IcmpMonitor#public}
  */
  readonly public?: boolean | cdktf.IResolvable;
  /**
  * Consecutive healthy checks before a down monitor is up again and its recovery is sent, 1 to 100. Default `1`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#recovery_threshold IcmpMonitor#recovery_threshold}
  */
  readonly recoveryThreshold?: number;
  /**
  * Regions the monitor runs from, at least one of the 28 public regions (`fly-ams`, `fly-arn`, `fly-bom`, `fly-cdg`, `fly-dfw`, `fly-ewr`, `fly-fra`, `fly-gru`, `fly-iad`, `fly-jnb`, `fly-lax`, `fly-lhr`, `fly-nrt`, `fly-ord`, `fly-sjc`, `fly-sin`, `fly-syd`, `fly-yyz`, `koyeb-fra`, `koyeb-par`, `koyeb-sfo`, `koyeb-sin`, `koyeb-tyo`, `koyeb-was`, `railway-us-west2`, `railway-us-east4`, `railway-europe-west4`, `railway-asia-southeast1`). When left out the service picks `fly-ams`, `fly-iad`, `fly-sin`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#regions IcmpMonitor#regions}
  */
  readonly regions?: string[];
  /**
  * While the monitor is still down and the alert not acknowledged, notify again every this many minutes: 0 (no reminders) or 1 to 10080 (a week). Default `0`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#reminder_interval_minutes IcmpMonitor#reminder_interval_minutes}
  */
  readonly reminderIntervalMinutes?: number;
  /**
  * At most this many reminders per alert, 1 to 1000. Default `10`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#reminder_limit IcmpMonitor#reminder_limit}
  */
  readonly reminderLimit?: number;
  /**
  * How many times a failed check is retried before it counts as failed, 0 to 10; a check is retried only when every echo failed. Default `3`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#retry IcmpMonitor#retry}
  */
  readonly retry?: number;
  /**
  * Labels to group and filter monitors by (the dashboard's overview filters by tag), at most 20, each 1 to 64 characters without control characters or surrounding spaces. Case is kept. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#tags IcmpMonitor#tags}
  */
  readonly tags?: string[];
  /**
  * Time budget of a check in milliseconds, 0 to 120000, the budget of the whole check (all three echoes and their retries); 0 gives the check the whole period. Default `45000`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#timeout IcmpMonitor#timeout}
  */
  readonly timeout?: number;
  /**
  * Host to ping: a host name or an IP address, without a port. At most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#uri IcmpMonitor#uri}
  */
  readonly uri: string;
  /**
  * open_telemetry block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#open_telemetry IcmpMonitor#open_telemetry}
  */
  readonly openTelemetry?: IcmpMonitorOpenTelemetry;
}
export interface IcmpMonitorOpenTelemetryHeaders {
  /**
  * Header name. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#key IcmpMonitor#key}
  */
  readonly key: string;
  /**
  * Header value; the service stores it sealed. At most 8192 characters; sensitive, as header values often carry credentials.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#value IcmpMonitor#value}
  */
  readonly value: string;
}

export function icmpMonitorOpenTelemetryHeadersToTerraform(struct?: IcmpMonitorOpenTelemetryHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    key: cdktf.stringToTerraform(struct!.key),
    value: cdktf.stringToTerraform(struct!.value),
  }
}


export function icmpMonitorOpenTelemetryHeadersToHclTerraform(struct?: IcmpMonitorOpenTelemetryHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    key: {
      value: cdktf.stringToHclTerraform(struct!.key),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    value: {
      value: cdktf.stringToHclTerraform(struct!.value),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class IcmpMonitorOpenTelemetryHeadersOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): IcmpMonitorOpenTelemetryHeaders | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._key !== undefined) {
      hasAnyValues = true;
      internalValueResult.key = this._key;
    }
    if (this._value !== undefined) {
      hasAnyValues = true;
      internalValueResult.value = this._value;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: IcmpMonitorOpenTelemetryHeaders | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._key = undefined;
      this._value = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._key = value.key;
      this._value = value.value;
    }
  }

  // key - computed: false, optional: false, required: true
  private _key?: string; 
  public get key() {
    return this.getStringAttribute('key');
  }
  public set key(value: string) {
    this._key = value;
  }
  // Temporarily expose input value. Use with caution.
  public get keyInput() {
    return this._key;
  }

  // value - computed: false, optional: false, required: true
  private _value?: string; 
  public get value() {
    return this.getStringAttribute('value');
  }
  public set value(value: string) {
    this._value = value;
  }
  // Temporarily expose input value. Use with caution.
  public get valueInput() {
    return this._value;
  }
}

export class IcmpMonitorOpenTelemetryHeadersList extends cdktf.ComplexList {
  public internalValue? : IcmpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): IcmpMonitorOpenTelemetryHeadersOutputReference {
    return new IcmpMonitorOpenTelemetryHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface IcmpMonitorOpenTelemetry {
  /**
  * OTLP metrics endpoint: an http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#endpoint IcmpMonitor#endpoint}
  */
  readonly endpoint?: string;
  /**
  * headers block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#headers IcmpMonitor#headers}
  */
  readonly headers?: IcmpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable;
}

export function icmpMonitorOpenTelemetryToTerraform(struct?: IcmpMonitorOpenTelemetry | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    endpoint: cdktf.stringToTerraform(struct!.endpoint),
    headers: cdktf.listMapper(icmpMonitorOpenTelemetryHeadersToTerraform, true)(struct!.headers),
  }
}


export function icmpMonitorOpenTelemetryToHclTerraform(struct?: IcmpMonitorOpenTelemetry | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    endpoint: {
      value: cdktf.stringToHclTerraform(struct!.endpoint),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    headers: {
      value: cdktf.listMapperHcl(icmpMonitorOpenTelemetryHeadersToHclTerraform, true)(struct!.headers),
      isBlock: true,
      type: "list",
      storageClassType: "IcmpMonitorOpenTelemetryHeadersList",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class IcmpMonitorOpenTelemetryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): IcmpMonitorOpenTelemetry | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._endpoint !== undefined) {
      hasAnyValues = true;
      internalValueResult.endpoint = this._endpoint;
    }
    if (this._headers?.internalValue !== undefined) {
      hasAnyValues = true;
      internalValueResult.headers = this._headers?.internalValue;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: IcmpMonitorOpenTelemetry | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._endpoint = undefined;
      this._headers.internalValue = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._endpoint = value.endpoint;
      this._headers.internalValue = value.headers;
    }
  }

  // endpoint - computed: false, optional: true, required: false
  private _endpoint?: string; 
  public get endpoint() {
    return this.getStringAttribute('endpoint');
  }
  public set endpoint(value: string) {
    this._endpoint = value;
  }
  public resetEndpoint() {
    this._endpoint = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get endpointInput() {
    return this._endpoint;
  }

  // headers - computed: false, optional: true, required: false
  private _headers = new IcmpMonitorOpenTelemetryHeadersList(this, "headers", false);
  public get headers() {
    return this._headers;
  }
  public putHeaders(value: IcmpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable) {
    this._headers.internalValue = value;
  }
  public resetHeaders() {
    this._headers.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get headersInput() {
    return this._headers.internalValue;
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor service_icmp_monitor}
*/
export class IcmpMonitor extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_icmp_monitor";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a IcmpMonitor resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the IcmpMonitor to import
  * @param importFromId The id of the existing IcmpMonitor that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the IcmpMonitor to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_icmp_monitor", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/icmp_monitor service_icmp_monitor} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options IcmpMonitorConfig
  */
  public constructor(scope: Construct, id: string, config: IcmpMonitorConfig) {
    super(scope, id, {
      terraformResourceType: 'service_icmp_monitor',
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
    this._alertQuorum = config.alertQuorum;
    this._degradedAt = config.degradedAt;
    this._description = config.description;
    this._escalationPolicyId = config.escalationPolicyId;
    this._failureSeconds = config.failureSeconds;
    this._failureThreshold = config.failureThreshold;
    this._name = config.name;
    this._parentMonitorIds = config.parentMonitorIds;
    this._periodicity = config.periodicity;
    this._public = config.public;
    this._recoveryThreshold = config.recoveryThreshold;
    this._regions = config.regions;
    this._reminderIntervalMinutes = config.reminderIntervalMinutes;
    this._reminderLimit = config.reminderLimit;
    this._retry = config.retry;
    this._tags = config.tags;
    this._timeout = config.timeout;
    this._uri = config.uri;
    this._openTelemetry.internalValue = config.openTelemetry;
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

  // alert_quorum - computed: true, optional: true, required: false
  private _alertQuorum?: number; 
  public get alertQuorum() {
    return this.getNumberAttribute('alert_quorum');
  }
  public set alertQuorum(value: number) {
    this._alertQuorum = value;
  }
  public resetAlertQuorum() {
    this._alertQuorum = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get alertQuorumInput() {
    return this._alertQuorum;
  }

  // degraded_at - computed: true, optional: true, required: false
  private _degradedAt?: number; 
  public get degradedAt() {
    return this.getNumberAttribute('degraded_at');
  }
  public set degradedAt(value: number) {
    this._degradedAt = value;
  }
  public resetDegradedAt() {
    this._degradedAt = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get degradedAtInput() {
    return this._degradedAt;
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

  // periodicity - computed: false, optional: false, required: true
  private _periodicity?: string; 
  public get periodicity() {
    return this.getStringAttribute('periodicity');
  }
  public set periodicity(value: string) {
    this._periodicity = value;
  }
  // Temporarily expose input value. Use with caution.
  public get periodicityInput() {
    return this._periodicity;
  }

  // private_location_ids - computed: true, optional: false, required: false
  public get privateLocationIds() {
    return cdktf.Fn.tolist(this.getListAttribute('private_location_ids'));
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

  // regions - computed: true, optional: true, required: false
  private _regions?: string[]; 
  public get regions() {
    return cdktf.Fn.tolist(this.getListAttribute('regions'));
  }
  public set regions(value: string[]) {
    this._regions = value;
  }
  public resetRegions() {
    this._regions = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get regionsInput() {
    return this._regions;
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

  // retry - computed: true, optional: true, required: false
  private _retry?: number; 
  public get retry() {
    return this.getNumberAttribute('retry');
  }
  public set retry(value: number) {
    this._retry = value;
  }
  public resetRetry() {
    this._retry = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get retryInput() {
    return this._retry;
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

  // timeout - computed: true, optional: true, required: false
  private _timeout?: number; 
  public get timeout() {
    return this.getNumberAttribute('timeout');
  }
  public set timeout(value: number) {
    this._timeout = value;
  }
  public resetTimeout() {
    this._timeout = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutInput() {
    return this._timeout;
  }

  // uri - computed: false, optional: false, required: true
  private _uri?: string; 
  public get uri() {
    return this.getStringAttribute('uri');
  }
  public set uri(value: string) {
    this._uri = value;
  }
  // Temporarily expose input value. Use with caution.
  public get uriInput() {
    return this._uri;
  }

  // open_telemetry - computed: false, optional: true, required: false
  private _openTelemetry = new IcmpMonitorOpenTelemetryOutputReference(this, "open_telemetry");
  public get openTelemetry() {
    return this._openTelemetry;
  }
  public putOpenTelemetry(value: IcmpMonitorOpenTelemetry) {
    this._openTelemetry.internalValue = value;
  }
  public resetOpenTelemetry() {
    this._openTelemetry.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get openTelemetryInput() {
    return this._openTelemetry.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      active: cdktf.booleanToTerraform(this._active),
      alert_quorum: cdktf.numberToTerraform(this._alertQuorum),
      degraded_at: cdktf.numberToTerraform(this._degradedAt),
      description: cdktf.stringToTerraform(this._description),
      escalation_policy_id: cdktf.stringToTerraform(this._escalationPolicyId),
      failure_seconds: cdktf.numberToTerraform(this._failureSeconds),
      failure_threshold: cdktf.numberToTerraform(this._failureThreshold),
      name: cdktf.stringToTerraform(this._name),
      parent_monitor_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(this._parentMonitorIds),
      periodicity: cdktf.stringToTerraform(this._periodicity),
      public: cdktf.booleanToTerraform(this._public),
      recovery_threshold: cdktf.numberToTerraform(this._recoveryThreshold),
      regions: cdktf.listMapper(cdktf.stringToTerraform, false)(this._regions),
      reminder_interval_minutes: cdktf.numberToTerraform(this._reminderIntervalMinutes),
      reminder_limit: cdktf.numberToTerraform(this._reminderLimit),
      retry: cdktf.numberToTerraform(this._retry),
      tags: cdktf.listMapper(cdktf.stringToTerraform, false)(this._tags),
      timeout: cdktf.numberToTerraform(this._timeout),
      uri: cdktf.stringToTerraform(this._uri),
      open_telemetry: icmpMonitorOpenTelemetryToTerraform(this._openTelemetry.internalValue),
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
      alert_quorum: {
        value: cdktf.numberToHclTerraform(this._alertQuorum),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      degraded_at: {
        value: cdktf.numberToHclTerraform(this._degradedAt),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
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
      periodicity: {
        value: cdktf.stringToHclTerraform(this._periodicity),
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
      regions: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._regions),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
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
      retry: {
        value: cdktf.numberToHclTerraform(this._retry),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      tags: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._tags),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      timeout: {
        value: cdktf.numberToHclTerraform(this._timeout),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      uri: {
        value: cdktf.stringToHclTerraform(this._uri),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      open_telemetry: {
        value: icmpMonitorOpenTelemetryToHclTerraform(this._openTelemetry.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "IcmpMonitorOpenTelemetry",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
