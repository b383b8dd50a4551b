// https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface HttpMonitorConfig extends cdktf.TerraformMetaArguments {
  /**
  * Whether the monitor runs: checks are scheduled only while it is active. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#active HttpMonitor#active}
  */
  readonly active?: boolean | cdktf.IResolvable;
  /**
  * How many of the locations (regions and private locations) must be in error for the monitor to alert `down`, or in error or degraded for it to alert `degraded`, 0 to 100. `0` means a strict majority of the locations that report; a number larger than the locations means all of them. Default `0`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#alert_quorum HttpMonitor#alert_quorum}
  */
  readonly alertQuorum?: number;
  /**
  * Request body, sent with POST, PUT and PATCH. Default `""` (none).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#body HttpMonitor#body}
  */
  readonly body?: string;
  /**
  * Days before the certificate expires at which a `certificate.expiring` alert is sent through the monitor's notifications, once per certificate and threshold: at most 10 numbers, each 1 to 365, no repeats. It does not change the up/down status. Default `[14, 7, 1]`; an empty list `[]` sends none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#certificate_expiry_days HttpMonitor#certificate_expiry_days}
  */
  readonly certificateExpiryDays?: number[];
  /**
  * Latency in milliseconds above which a successful check counts as degraded, 0 to 120000. When left out the service computes it from the timeout (half of it, at most 30000).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#degraded_at HttpMonitor#degraded_at}
  */
  readonly degradedAt?: number;
  /**
  * Free text about the monitor. At most 1024 characters; several lines allowed.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#description HttpMonitor#description}
  */
  readonly description?: string;
  /**
  * Id of an escalation policy of the same workspace (`service_escalation_policy`): its steps say whom to notify and when, instead of the channels wired to the monitor. Leave it out to use the monitor's channels.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#escalation_policy_id HttpMonitor#escalation_policy_id}
  */
  readonly escalationPolicyId?: string;
  /**
  * Seconds the monitor must have been failing before it is down, 0 to 86400; with `failure_threshold` also set, both must hold. Judged at the next check, or within about 5 seconds. Default `0`: no duration.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#failure_seconds HttpMonitor#failure_seconds}
  */
  readonly failureSeconds?: number;
  /**
  * Consecutive failing checks (aggregate checks, after the `alert_quorum` of the locations) before the monitor is down or degraded and alerts, 1 to 100. Default `1`: the first one.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#failure_threshold HttpMonitor#failure_threshold}
  */
  readonly failureThreshold?: number;
  /**
  * Whether redirects are followed; when false a 3xx answer is the result. Default `true`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#follow_redirects HttpMonitor#follow_redirects}
  */
  readonly followRedirects?: boolean | cdktf.IResolvable;
  /**
  * HTTP method of the request: one of `GET`, `POST`, `HEAD`, `PUT`, `PATCH`, `DELETE`, `OPTIONS`, `TRACE`, `CONNECT`. Default `GET`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#method HttpMonitor#method}
  */
  readonly method?: string;
  /**
  * Name of the monitor, as dashboards and status pages show it. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#name HttpMonitor#name}
  */
  readonly name: string;
  /**
  * Ids of monitors of the same workspace this one depends on (a set, at most 20; not itself, and no cycles). While any of them is down, this monitor's down and degraded alerts are recorded as suppressed, not sent; its recoveries and its own status still flow. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#parent_monitor_ids HttpMonitor#parent_monitor_ids}
  */
  readonly parentMonitorIds?: string[];
  /**
  * How often the monitor runs: one of `30s`, `1m`, `5m`, `10m`, `30m`, `1h`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#periodicity HttpMonitor#periodicity}
  */
  readonly periodicity: string;
  /**
  * Whether a public status page may show the monitor. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#public HttpMonitor#public}
  */
  readonly public?: boolean | cdktf.IResolvable;
  /**
  * Consecutive healthy checks before a down monitor is up again and its recovery is sent, 1 to 100. Default `1`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#recovery_threshold HttpMonitor#recovery_threshold}
  */
  readonly recoveryThreshold?: number;
  /**
  * Regions the monitor runs from, at least one of the 28 public regions (`fly-ams`, `fly-arn`, `fly-bom`, `fly-cdg`, `fly-dfw`, `fly-ewr`, `fly-fra`, `fly-gru`, `fly-iad`, `fly-jnb`, `fly-lax`, `fly-lhr`, `fly-nrt`, `fly-ord`, `fly-sjc`, `fly-sin`, `fly-syd`, `fly-yyz`, `koyeb-fra`, `koyeb-par`, `koyeb-sfo`, `koyeb-sin`, `koyeb-tyo`, `koyeb-was`, `railway-us-west2`, `railway-us-east4`, `railway-europe-west4`, `railway-asia-southeast1`). When left out the service picks `fly-ams`, `fly-iad`, `fly-sin`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#regions HttpMonitor#regions}
  */
  readonly regions?: string[];
  /**
  * While the monitor is still down and the alert not acknowledged, notify again every this many minutes: 0 (no reminders) or 1 to 10080 (a week). Default `0`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#reminder_interval_minutes HttpMonitor#reminder_interval_minutes}
  */
  readonly reminderIntervalMinutes?: number;
  /**
  * At most this many reminders per alert, 1 to 1000. Default `10`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#reminder_limit HttpMonitor#reminder_limit}
  */
  readonly reminderLimit?: number;
  /**
  * How many times a failed check is retried before it counts as failed, 0 to 10. Default `3`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#retry HttpMonitor#retry}
  */
  readonly retry?: number;
  /**
  * Labels to group and filter monitors by (the dashboard's overview filters by tag), at most 20, each 1 to 64 characters without control characters or surrounding spaces. Case is kept. Default none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#tags HttpMonitor#tags}
  */
  readonly tags?: string[];
  /**
  * Time budget of a check in milliseconds, 0 to 120000; 0 gives the check the whole period. Default `45000`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#timeout HttpMonitor#timeout}
  */
  readonly timeout?: number;
  /**
  * Whether the certificate of an https URL must verify (chain and host name). `false` accepts self-signed and otherwise unverifiable certificates; their expiry is still recorded and alerted. Default `true`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#tls_verify HttpMonitor#tls_verify}
  */
  readonly tlsVerify?: boolean | cdktf.IResolvable;
  /**
  * URL to request: an absolute http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#url HttpMonitor#url}
  */
  readonly url: string;
  /**
  * body_assertions block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#body_assertions HttpMonitor#body_assertions}
  */
  readonly bodyAssertions?: HttpMonitorBodyAssertions[] | cdktf.IResolvable;
  /**
  * header_assertions block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#header_assertions HttpMonitor#header_assertions}
  */
  readonly headerAssertions?: HttpMonitorHeaderAssertions[] | cdktf.IResolvable;
  /**
  * headers block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#headers HttpMonitor#headers}
  */
  readonly headers?: HttpMonitorHeaders[] | cdktf.IResolvable;
  /**
  * json_assertions block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#json_assertions HttpMonitor#json_assertions}
  */
  readonly jsonAssertions?: HttpMonitorJsonAssertions[] | cdktf.IResolvable;
  /**
  * open_telemetry block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#open_telemetry HttpMonitor#open_telemetry}
  */
  readonly openTelemetry?: HttpMonitorOpenTelemetry;
  /**
  * status_code_assertions block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#status_code_assertions HttpMonitor#status_code_assertions}
  */
  readonly statusCodeAssertions?: HttpMonitorStatusCodeAssertions[] | cdktf.IResolvable;
  /**
  * timing_assertions block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#timing_assertions HttpMonitor#timing_assertions}
  */
  readonly timingAssertions?: HttpMonitorTimingAssertions[] | cdktf.IResolvable;
}
export interface HttpMonitorBodyAssertions {
  /**
  * How the value compares with `target`: one of `contains`, `not_contains`, `eq`, `neq`, `empty`, `not_empty`, `gt`, `gte`, `lt`, `lte`, `matches`, `not_matches`. With `matches` and `not_matches` the target is an RE2 regular expression (linear time: no backreferences or lookaround) that must find a match anywhere in the value, or none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#comparator HttpMonitor#comparator}
  */
  readonly comparator: string;
  /**
  * Text the body is compared with (ignored by `empty` and `not_empty`).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#target HttpMonitor#target}
  */
  readonly target: string;
}

export function httpMonitorBodyAssertionsToTerraform(struct?: HttpMonitorBodyAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    comparator: cdktf.stringToTerraform(struct!.comparator),
    target: cdktf.stringToTerraform(struct!.target),
  }
}


export function httpMonitorBodyAssertionsToHclTerraform(struct?: HttpMonitorBodyAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    comparator: {
      value: cdktf.stringToHclTerraform(struct!.comparator),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    target: {
      value: cdktf.stringToHclTerraform(struct!.target),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorBodyAssertionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorBodyAssertions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._comparator !== undefined) {
      hasAnyValues = true;
      internalValueResult.comparator = this._comparator;
    }
    if (this._target !== undefined) {
      hasAnyValues = true;
      internalValueResult.target = this._target;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: HttpMonitorBodyAssertions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._comparator = undefined;
      this._target = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._comparator = value.comparator;
      this._target = value.target;
    }
  }

  // comparator - computed: false, optional: false, required: true
  private _comparator?: string; 
  public get comparator() {
    return this.getStringAttribute('comparator');
  }
  public set comparator(value: string) {
    this._comparator = value;
  }
  // Temporarily expose input value. Use with caution.
  public get comparatorInput() {
    return this._comparator;
  }

  // target - computed: false, optional: false, required: true
  private _target?: string; 
  public get target() {
    return this.getStringAttribute('target');
  }
  public set target(value: string) {
    this._target = value;
  }
  // Temporarily expose input value. Use with caution.
  public get targetInput() {
    return this._target;
  }
}

export class HttpMonitorBodyAssertionsList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorBodyAssertions[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorBodyAssertionsOutputReference {
    return new HttpMonitorBodyAssertionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorHeaderAssertions {
  /**
  * How the value compares with `target`: one of `contains`, `not_contains`, `eq`, `neq`, `empty`, `not_empty`, `gt`, `gte`, `lt`, `lte`, `matches`, `not_matches`. With `matches` and `not_matches` the target is an RE2 regular expression (linear time: no backreferences or lookaround) that must find a match anywhere in the value, or none.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#comparator HttpMonitor#comparator}
  */
  readonly comparator: string;
  /**
  * Name of the response header to check.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#key HttpMonitor#key}
  */
  readonly key: string;
  /**
  * Text the header value is compared with (ignored by `empty` and `not_empty`).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#target HttpMonitor#target}
  */
  readonly target: string;
}

export function httpMonitorHeaderAssertionsToTerraform(struct?: HttpMonitorHeaderAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    comparator: cdktf.stringToTerraform(struct!.comparator),
    key: cdktf.stringToTerraform(struct!.key),
    target: cdktf.stringToTerraform(struct!.target),
  }
}


export function httpMonitorHeaderAssertionsToHclTerraform(struct?: HttpMonitorHeaderAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    comparator: {
      value: cdktf.stringToHclTerraform(struct!.comparator),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    key: {
      value: cdktf.stringToHclTerraform(struct!.key),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    target: {
      value: cdktf.stringToHclTerraform(struct!.target),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorHeaderAssertionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorHeaderAssertions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._comparator !== undefined) {
      hasAnyValues = true;
      internalValueResult.comparator = this._comparator;
    }
    if (this._key !== undefined) {
      hasAnyValues = true;
      internalValueResult.key = this._key;
    }
    if (this._target !== undefined) {
      hasAnyValues = true;
      internalValueResult.target = this._target;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: HttpMonitorHeaderAssertions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._comparator = undefined;
      this._key = undefined;
      this._target = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._comparator = value.comparator;
      this._key = value.key;
      this._target = value.target;
    }
  }

  // comparator - computed: false, optional: false, required: true
  private _comparator?: string; 
  public get comparator() {
    return this.getStringAttribute('comparator');
  }
  public set comparator(value: string) {
    this._comparator = value;
  }
  // Temporarily expose input value. Use with caution.
  public get comparatorInput() {
    return this._comparator;
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

  // target - computed: false, optional: false, required: true
  private _target?: string; 
  public get target() {
    return this.getStringAttribute('target');
  }
  public set target(value: string) {
    this._target = value;
  }
  // Temporarily expose input value. Use with caution.
  public get targetInput() {
    return this._target;
  }
}

export class HttpMonitorHeaderAssertionsList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorHeaderAssertions[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorHeaderAssertionsOutputReference {
    return new HttpMonitorHeaderAssertionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorHeaders {
  /**
  * Header name. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#key HttpMonitor#key}
  */
  readonly key: string;
  /**
  * Header value. At most 8192 characters; sensitive, as header values often carry credentials.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#value HttpMonitor#value}
  */
  readonly value: string;
}

export function httpMonitorHeadersToTerraform(struct?: HttpMonitorHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    key: cdktf.stringToTerraform(struct!.key),
    value: cdktf.stringToTerraform(struct!.value),
  }
}


export function httpMonitorHeadersToHclTerraform(struct?: HttpMonitorHeaders | cdktf.IResolvable): any {
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

export class HttpMonitorHeadersOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorHeaders | cdktf.IResolvable | undefined {
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

  public set internalValue(value: HttpMonitorHeaders | cdktf.IResolvable | undefined) {
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

export class HttpMonitorHeadersList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorHeaders[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorHeadersOutputReference {
    return new HttpMonitorHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorJsonAssertions {
  /**
  * How the value compares with `target`: one of `eq`, `neq`, `contains`, `not_contains`, `gt`, `gte`, `lt`, `lte`, `exists`, `not_exists`, `matches`. Numbers compare as numbers; `exists` and `not_exists` ignore the target; with `matches` the target is an RE2 regular expression.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#comparator HttpMonitor#comparator}
  */
  readonly comparator: string;
  /**
  * RFC 9535 JSONPath of the value to check, e.g. `$.status` or `$.items[0].id`; at most 1024 characters. The filter functions `match()` and `search()` are refused: select the value and use `matches`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#path HttpMonitor#path}
  */
  readonly path: string;
  /**
  * Value to compare with, as text (`"42"`, `"ok"`, `"true"`). Default `""`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#target HttpMonitor#target}
  */
  readonly target?: string;
}

export function httpMonitorJsonAssertionsToTerraform(struct?: HttpMonitorJsonAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    comparator: cdktf.stringToTerraform(struct!.comparator),
    path: cdktf.stringToTerraform(struct!.path),
    target: cdktf.stringToTerraform(struct!.target),
  }
}


export function httpMonitorJsonAssertionsToHclTerraform(struct?: HttpMonitorJsonAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    comparator: {
      value: cdktf.stringToHclTerraform(struct!.comparator),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    path: {
      value: cdktf.stringToHclTerraform(struct!.path),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    target: {
      value: cdktf.stringToHclTerraform(struct!.target),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorJsonAssertionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorJsonAssertions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._comparator !== undefined) {
      hasAnyValues = true;
      internalValueResult.comparator = this._comparator;
    }
    if (this._path !== undefined) {
      hasAnyValues = true;
      internalValueResult.path = this._path;
    }
    if (this._target !== undefined) {
      hasAnyValues = true;
      internalValueResult.target = this._target;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: HttpMonitorJsonAssertions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._comparator = undefined;
      this._path = undefined;
      this._target = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._comparator = value.comparator;
      this._path = value.path;
      this._target = value.target;
    }
  }

  // comparator - computed: false, optional: false, required: true
  private _comparator?: string; 
  public get comparator() {
    return this.getStringAttribute('comparator');
  }
  public set comparator(value: string) {
    this._comparator = value;
  }
  // Temporarily expose input value. Use with caution.
  public get comparatorInput() {
    return this._comparator;
  }

  // path - computed: false, optional: false, required: true
  private _path?: string; 
  public get path() {
    return this.getStringAttribute('path');
  }
  public set path(value: string) {
    this._path = value;
  }
  // Temporarily expose input value. Use with caution.
  public get pathInput() {
    return this._path;
  }

  // target - computed: true, optional: true, required: false
  private _target?: string; 
  public get target() {
    return this.getStringAttribute('target');
  }
  public set target(value: string) {
    this._target = value;
  }
  public resetTarget() {
    this._target = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get targetInput() {
    return this._target;
  }
}

export class HttpMonitorJsonAssertionsList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorJsonAssertions[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorJsonAssertionsOutputReference {
    return new HttpMonitorJsonAssertionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorOpenTelemetryHeaders {
  /**
  * Header name. At most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#key HttpMonitor#key}
  */
  readonly key: string;
  /**
  * Header value; the service stores it sealed. At most 8192 characters; sensitive, as header values often carry credentials.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#value HttpMonitor#value}
  */
  readonly value: string;
}

export function httpMonitorOpenTelemetryHeadersToTerraform(struct?: HttpMonitorOpenTelemetryHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    key: cdktf.stringToTerraform(struct!.key),
    value: cdktf.stringToTerraform(struct!.value),
  }
}


export function httpMonitorOpenTelemetryHeadersToHclTerraform(struct?: HttpMonitorOpenTelemetryHeaders | cdktf.IResolvable): any {
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

export class HttpMonitorOpenTelemetryHeadersOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorOpenTelemetryHeaders | cdktf.IResolvable | undefined {
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

  public set internalValue(value: HttpMonitorOpenTelemetryHeaders | cdktf.IResolvable | undefined) {
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

export class HttpMonitorOpenTelemetryHeadersList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorOpenTelemetryHeadersOutputReference {
    return new HttpMonitorOpenTelemetryHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorOpenTelemetry {
  /**
  * OTLP metrics endpoint: an http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#endpoint HttpMonitor#endpoint}
  */
  readonly endpoint?: string;
  /**
  * headers block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#headers HttpMonitor#headers}
  */
  readonly headers?: HttpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable;
}

export function httpMonitorOpenTelemetryToTerraform(struct?: HttpMonitorOpenTelemetry | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    endpoint: cdktf.stringToTerraform(struct!.endpoint),
    headers: cdktf.listMapper(httpMonitorOpenTelemetryHeadersToTerraform, true)(struct!.headers),
  }
}


export function httpMonitorOpenTelemetryToHclTerraform(struct?: HttpMonitorOpenTelemetry | cdktf.IResolvable): any {
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
      value: cdktf.listMapperHcl(httpMonitorOpenTelemetryHeadersToHclTerraform, true)(struct!.headers),
      isBlock: true,
      type: "list",
      storageClassType: "HttpMonitorOpenTelemetryHeadersList",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorOpenTelemetryOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): HttpMonitorOpenTelemetry | cdktf.IResolvable | undefined {
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

  public set internalValue(value: HttpMonitorOpenTelemetry | cdktf.IResolvable | undefined) {
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
  private _headers = new HttpMonitorOpenTelemetryHeadersList(this, "headers", false);
  public get headers() {
    return this._headers;
  }
  public putHeaders(value: HttpMonitorOpenTelemetryHeaders[] | cdktf.IResolvable) {
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
export interface HttpMonitorStatusCodeAssertions {
  /**
  * How the status code compares with `target`: one of `eq`, `neq`, `gt`, `gte`, `lt`, `lte`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#comparator HttpMonitor#comparator}
  */
  readonly comparator: string;
  /**
  * Status code to compare with, 100 to 599.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#target HttpMonitor#target}
  */
  readonly target: number;
}

export function httpMonitorStatusCodeAssertionsToTerraform(struct?: HttpMonitorStatusCodeAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    comparator: cdktf.stringToTerraform(struct!.comparator),
    target: cdktf.numberToTerraform(struct!.target),
  }
}


export function httpMonitorStatusCodeAssertionsToHclTerraform(struct?: HttpMonitorStatusCodeAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    comparator: {
      value: cdktf.stringToHclTerraform(struct!.comparator),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    target: {
      value: cdktf.numberToHclTerraform(struct!.target),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorStatusCodeAssertionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorStatusCodeAssertions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._comparator !== undefined) {
      hasAnyValues = true;
      internalValueResult.comparator = this._comparator;
    }
    if (this._target !== undefined) {
      hasAnyValues = true;
      internalValueResult.target = this._target;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: HttpMonitorStatusCodeAssertions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._comparator = undefined;
      this._target = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._comparator = value.comparator;
      this._target = value.target;
    }
  }

  // comparator - computed: false, optional: false, required: true
  private _comparator?: string; 
  public get comparator() {
    return this.getStringAttribute('comparator');
  }
  public set comparator(value: string) {
    this._comparator = value;
  }
  // Temporarily expose input value. Use with caution.
  public get comparatorInput() {
    return this._comparator;
  }

  // target - computed: false, optional: false, required: true
  private _target?: number; 
  public get target() {
    return this.getNumberAttribute('target');
  }
  public set target(value: number) {
    this._target = value;
  }
  // Temporarily expose input value. Use with caution.
  public get targetInput() {
    return this._target;
  }
}

export class HttpMonitorStatusCodeAssertionsList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorStatusCodeAssertions[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorStatusCodeAssertionsOutputReference {
    return new HttpMonitorStatusCodeAssertionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface HttpMonitorTimingAssertions {
  /**
  * The phase must take less than (`lt`) or at most (`lte`) `target`: one of `lt`, `lte`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#comparator HttpMonitor#comparator}
  */
  readonly comparator: string;
  /**
  * Phase to bound: one of `dns`, `connect`, `tls`, `ttfb`, `transfer`, `total` (`total` is the whole check).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#phase HttpMonitor#phase}
  */
  readonly phase: string;
  /**
  * What a check that breaks the bound is: one of `degraded`, `error`. Default `error`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#severity HttpMonitor#severity}
  */
  readonly severity?: string;
  /**
  * Milliseconds, 0 to 120000.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#target HttpMonitor#target}
  */
  readonly target: number;
}

export function httpMonitorTimingAssertionsToTerraform(struct?: HttpMonitorTimingAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    comparator: cdktf.stringToTerraform(struct!.comparator),
    phase: cdktf.stringToTerraform(struct!.phase),
    severity: cdktf.stringToTerraform(struct!.severity),
    target: cdktf.numberToTerraform(struct!.target),
  }
}


export function httpMonitorTimingAssertionsToHclTerraform(struct?: HttpMonitorTimingAssertions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    comparator: {
      value: cdktf.stringToHclTerraform(struct!.comparator),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    phase: {
      value: cdktf.stringToHclTerraform(struct!.phase),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    severity: {
      value: cdktf.stringToHclTerraform(struct!.severity),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    target: {
      value: cdktf.numberToHclTerraform(struct!.target),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class HttpMonitorTimingAssertionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): HttpMonitorTimingAssertions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._comparator !== undefined) {
      hasAnyValues = true;
      internalValueResult.comparator = this._comparator;
    }
    if (this._phase !== undefined) {
      hasAnyValues = true;
      internalValueResult.phase = this._phase;
    }
    if (this._severity !== undefined) {
      hasAnyValues = true;
      internalValueResult.severity = this._severity;
    }
    if (this._target !== undefined) {
      hasAnyValues = true;
      internalValueResult.target = this._target;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: HttpMonitorTimingAssertions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._comparator = undefined;
      this._phase = undefined;
      this._severity = undefined;
      this._target = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._comparator = value.comparator;
      this._phase = value.phase;
      this._severity = value.severity;
      this._target = value.target;
    }
  }

  // comparator - computed: false, optional: false, required: true
  private _comparator?: string; 
  public get comparator() {
    return this.getStringAttribute('comparator');
  }
  public set comparator(value: string) {
    this._comparator = value;
  }
  // Temporarily expose input value. Use with caution.
  public get comparatorInput() {
    return this._comparator;
  }

  // phase - computed: false, optional: false, required: true
  private _phase?: string; 
  public get phase() {
    return this.getStringAttribute('phase');
  }
  public set phase(value: string) {
    this._phase = value;
  }
  // Temporarily expose input value. Use with caution.
  public get phaseInput() {
    return this._phase;
  }

  // severity - computed: true, optional: true, required: false
  private _severity?: string; 
  public get severity() {
    return this.getStringAttribute('severity');
  }
  public set severity(value: string) {
    this._severity = value;
  }
  public resetSeverity() {
    this._severity = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get severityInput() {
    return this._severity;
  }

  // target - computed: false, optional: false, required: true
  private _target?: number; 
  public get target() {
    return this.getNumberAttribute('target');
  }
  public set target(value: number) {
    this._target = value;
  }
  // Temporarily expose input value. Use with caution.
  public get targetInput() {
    return this._target;
  }
}

export class HttpMonitorTimingAssertionsList extends cdktf.ComplexList {
  public internalValue? : HttpMonitorTimingAssertions[] | cdktf.IResolvable

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
  public get(index: number): HttpMonitorTimingAssertionsOutputReference {
    return new HttpMonitorTimingAssertionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor service_http_monitor}
*/
export class HttpMonitor extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_http_monitor";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a HttpMonitor resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the HttpMonitor to import
  * @param importFromId The id of the existing HttpMonitor that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the HttpMonitor to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_http_monitor", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/http_monitor service_http_monitor} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options HttpMonitorConfig
  */
  public constructor(scope: Construct, id: string, config: HttpMonitorConfig) {
    super(scope, id, {
      terraformResourceType: 'service_http_monitor',
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
    this._body = config.body;
    this._certificateExpiryDays = config.certificateExpiryDays;
    this._degradedAt = config.degradedAt;
    this._description = config.description;
    this._escalationPolicyId = config.escalationPolicyId;
    this._failureSeconds = config.failureSeconds;
    this._failureThreshold = config.failureThreshold;
    this._followRedirects = config.followRedirects;
    this._method = config.method;
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
    this._tlsVerify = config.tlsVerify;
    this._url = config.url;
    this._bodyAssertions.internalValue = config.bodyAssertions;
    this._headerAssertions.internalValue = config.headerAssertions;
    this._headers.internalValue = config.headers;
    this._jsonAssertions.internalValue = config.jsonAssertions;
    this._openTelemetry.internalValue = config.openTelemetry;
    this._statusCodeAssertions.internalValue = config.statusCodeAssertions;
    this._timingAssertions.internalValue = config.timingAssertions;
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

  // body - computed: true, optional: true, required: false
  private _body?: string; 
  public get body() {
    return this.getStringAttribute('body');
  }
  public set body(value: string) {
    this._body = value;
  }
  public resetBody() {
    this._body = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get bodyInput() {
    return this._body;
  }

  // certificate_expiry_days - computed: true, optional: true, required: false
  private _certificateExpiryDays?: number[]; 
  public get certificateExpiryDays() {
    return this.getNumberListAttribute('certificate_expiry_days');
  }
  public set certificateExpiryDays(value: number[]) {
    this._certificateExpiryDays = value;
  }
  public resetCertificateExpiryDays() {
    this._certificateExpiryDays = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get certificateExpiryDaysInput() {
    return this._certificateExpiryDays;
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

  // follow_redirects - computed: true, optional: true, required: false
  private _followRedirects?: boolean | cdktf.IResolvable; 
  public get followRedirects() {
    return this.getBooleanAttribute('follow_redirects');
  }
  public set followRedirects(value: boolean | cdktf.IResolvable) {
    this._followRedirects = value;
  }
  public resetFollowRedirects() {
    this._followRedirects = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get followRedirectsInput() {
    return this._followRedirects;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // method - computed: true, optional: true, required: false
  private _method?: string; 
  public get method() {
    return this.getStringAttribute('method');
  }
  public set method(value: string) {
    this._method = value;
  }
  public resetMethod() {
    this._method = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get methodInput() {
    return this._method;
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

  // tls_verify - computed: true, optional: true, required: false
  private _tlsVerify?: boolean | cdktf.IResolvable; 
  public get tlsVerify() {
    return this.getBooleanAttribute('tls_verify');
  }
  public set tlsVerify(value: boolean | cdktf.IResolvable) {
    this._tlsVerify = value;
  }
  public resetTlsVerify() {
    this._tlsVerify = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tlsVerifyInput() {
    return this._tlsVerify;
  }

  // url - computed: false, optional: false, required: true
  private _url?: string; 
  public get url() {
    return this.getStringAttribute('url');
  }
  public set url(value: string) {
    this._url = value;
  }
  // Temporarily expose input value. Use with caution.
  public get urlInput() {
    return this._url;
  }

  // body_assertions - computed: false, optional: true, required: false
  private _bodyAssertions = new HttpMonitorBodyAssertionsList(this, "body_assertions", false);
  public get bodyAssertions() {
    return this._bodyAssertions;
  }
  public putBodyAssertions(value: HttpMonitorBodyAssertions[] | cdktf.IResolvable) {
    this._bodyAssertions.internalValue = value;
  }
  public resetBodyAssertions() {
    this._bodyAssertions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get bodyAssertionsInput() {
    return this._bodyAssertions.internalValue;
  }

  // header_assertions - computed: false, optional: true, required: false
  private _headerAssertions = new HttpMonitorHeaderAssertionsList(this, "header_assertions", false);
  public get headerAssertions() {
    return this._headerAssertions;
  }
  public putHeaderAssertions(value: HttpMonitorHeaderAssertions[] | cdktf.IResolvable) {
    this._headerAssertions.internalValue = value;
  }
  public resetHeaderAssertions() {
    this._headerAssertions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get headerAssertionsInput() {
    return this._headerAssertions.internalValue;
  }

  // headers - computed: false, optional: true, required: false
  private _headers = new HttpMonitorHeadersList(this, "headers", false);
  public get headers() {
    return this._headers;
  }
  public putHeaders(value: HttpMonitorHeaders[] | cdktf.IResolvable) {
    this._headers.internalValue = value;
  }
  public resetHeaders() {
    this._headers.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get headersInput() {
    return this._headers.internalValue;
  }

  // json_assertions - computed: false, optional: true, required: false
  private _jsonAssertions = new HttpMonitorJsonAssertionsList(this, "json_assertions", false);
  public get jsonAssertions() {
    return this._jsonAssertions;
  }
  public putJsonAssertions(value: HttpMonitorJsonAssertions[] | cdktf.IResolvable) {
    this._jsonAssertions.internalValue = value;
  }
  public resetJsonAssertions() {
    this._jsonAssertions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get jsonAssertionsInput() {
    return this._jsonAssertions.internalValue;
  }

  // open_telemetry - computed: false, optional: true, required: false
  private _openTelemetry = new HttpMonitorOpenTelemetryOutputReference(this, "open_telemetry");
  public get openTelemetry() {
    return this._openTelemetry;
  }
  public putOpenTelemetry(value: HttpMonitorOpenTelemetry) {
    this._openTelemetry.internalValue = value;
  }
  public resetOpenTelemetry() {
    this._openTelemetry.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get openTelemetryInput() {
    return this._openTelemetry.internalValue;
  }

  // status_code_assertions - computed: false, optional: true, required: false
  private _statusCodeAssertions = new HttpMonitorStatusCodeAssertionsList(this, "status_code_assertions", false);
  public get statusCodeAssertions() {
    return this._statusCodeAssertions;
  }
  public putStatusCodeAssertions(value: HttpMonitorStatusCodeAssertions[] | cdktf.IResolvable) {
    this._statusCodeAssertions.internalValue = value;
  }
  public resetStatusCodeAssertions() {
    this._statusCodeAssertions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusCodeAssertionsInput() {
    return this._statusCodeAssertions.internalValue;
  }

  // timing_assertions - computed: false, optional: true, required: false
  private _timingAssertions = new HttpMonitorTimingAssertionsList(this, "timing_assertions", false);
  public get timingAssertions() {
    return this._timingAssertions;
  }
  public putTimingAssertions(value: HttpMonitorTimingAssertions[] | cdktf.IResolvable) {
    this._timingAssertions.internalValue = value;
  }
  public resetTimingAssertions() {
    this._timingAssertions.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timingAssertionsInput() {
    return this._timingAssertions.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      active: cdktf.booleanToTerraform(this._active),
      alert_quorum: cdktf.numberToTerraform(this._alertQuorum),
      body: cdktf.stringToTerraform(this._body),
      certificate_expiry_days: cdktf.listMapper(cdktf.numberToTerraform, false)(this._certificateExpiryDays),
      degraded_at: cdktf.numberToTerraform(this._degradedAt),
      description: cdktf.stringToTerraform(this._description),
      escalation_policy_id: cdktf.stringToTerraform(this._escalationPolicyId),
      failure_seconds: cdktf.numberToTerraform(this._failureSeconds),
      failure_threshold: cdktf.numberToTerraform(this._failureThreshold),
      follow_redirects: cdktf.booleanToTerraform(this._followRedirects),
      method: cdktf.stringToTerraform(this._method),
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
      tls_verify: cdktf.booleanToTerraform(this._tlsVerify),
      url: cdktf.stringToTerraform(this._url),
      body_assertions: cdktf.listMapper(httpMonitorBodyAssertionsToTerraform, true)(this._bodyAssertions.internalValue),
      header_assertions: cdktf.listMapper(httpMonitorHeaderAssertionsToTerraform, true)(this._headerAssertions.internalValue),
      headers: cdktf.listMapper(httpMonitorHeadersToTerraform, true)(this._headers.internalValue),
      json_assertions: cdktf.listMapper(httpMonitorJsonAssertionsToTerraform, true)(this._jsonAssertions.internalValue),
      open_telemetry: httpMonitorOpenTelemetryToTerraform(this._openTelemetry.internalValue),
      status_code_assertions: cdktf.listMapper(httpMonitorStatusCodeAssertionsToTerraform, true)(this._statusCodeAssertions.internalValue),
      timing_assertions: cdktf.listMapper(httpMonitorTimingAssertionsToTerraform, true)(this._timingAssertions.internalValue),
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
      body: {
        value: cdktf.stringToHclTerraform(this._body),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      certificate_expiry_days: {
        value: cdktf.listMapperHcl(cdktf.numberToHclTerraform, false)(this._certificateExpiryDays),
        isBlock: false,
        type: "list",
        storageClassType: "numberList",
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
      follow_redirects: {
        value: cdktf.booleanToHclTerraform(this._followRedirects),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      method: {
        value: cdktf.stringToHclTerraform(this._method),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
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
      tls_verify: {
        value: cdktf.booleanToHclTerraform(this._tlsVerify),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      url: {
        value: cdktf.stringToHclTerraform(this._url),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      body_assertions: {
        value: cdktf.listMapperHcl(httpMonitorBodyAssertionsToHclTerraform, true)(this._bodyAssertions.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorBodyAssertionsList",
      },
      header_assertions: {
        value: cdktf.listMapperHcl(httpMonitorHeaderAssertionsToHclTerraform, true)(this._headerAssertions.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorHeaderAssertionsList",
      },
      headers: {
        value: cdktf.listMapperHcl(httpMonitorHeadersToHclTerraform, true)(this._headers.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorHeadersList",
      },
      json_assertions: {
        value: cdktf.listMapperHcl(httpMonitorJsonAssertionsToHclTerraform, true)(this._jsonAssertions.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorJsonAssertionsList",
      },
      open_telemetry: {
        value: httpMonitorOpenTelemetryToHclTerraform(this._openTelemetry.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "HttpMonitorOpenTelemetry",
      },
      status_code_assertions: {
        value: cdktf.listMapperHcl(httpMonitorStatusCodeAssertionsToHclTerraform, true)(this._statusCodeAssertions.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorStatusCodeAssertionsList",
      },
      timing_assertions: {
        value: cdktf.listMapperHcl(httpMonitorTimingAssertionsToHclTerraform, true)(this._timingAssertions.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "HttpMonitorTimingAssertionsList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
