// https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface EscalationPolicyConfig extends cdktf.TerraformMetaArguments {
  /**
  * Name of the policy, 1 to 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy#name EscalationPolicy#name}
  */
  readonly name: string;
  /**
  * step block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy#step EscalationPolicy#step}
  */
  readonly step: EscalationPolicyStep[] | cdktf.IResolvable;
}
export interface EscalationPolicyStep {
  /**
  * Minutes after the alert opened, without acknowledgement, when this step notifies its channels: 0 (at once) to 10080 (7 days).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy#after_minutes EscalationPolicy#after_minutes}
  */
  readonly afterMinutes: number;
  /**
  * IDs of the notification channels (service_notification) this step notifies: 1 to 20, each once. The service takes a deleted channel out of every step.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy#channel_ids EscalationPolicy#channel_ids}
  */
  readonly channelIds: string[];
}

export function escalationPolicyStepToTerraform(struct?: EscalationPolicyStep | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    after_minutes: cdktf.numberToTerraform(struct!.afterMinutes),
    channel_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(struct!.channelIds),
  }
}


export function escalationPolicyStepToHclTerraform(struct?: EscalationPolicyStep | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    after_minutes: {
      value: cdktf.numberToHclTerraform(struct!.afterMinutes),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    channel_ids: {
      value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(struct!.channelIds),
      isBlock: false,
      type: "list",
      storageClassType: "stringList",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class EscalationPolicyStepOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): EscalationPolicyStep | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._afterMinutes !== undefined) {
      hasAnyValues = true;
      internalValueResult.afterMinutes = this._afterMinutes;
    }
    if (this._channelIds !== undefined) {
      hasAnyValues = true;
      internalValueResult.channelIds = this._channelIds;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EscalationPolicyStep | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._afterMinutes = undefined;
      this._channelIds = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._afterMinutes = value.afterMinutes;
      this._channelIds = value.channelIds;
    }
  }

  // after_minutes - computed: false, optional: false, required: true
  private _afterMinutes?: number; 
  public get afterMinutes() {
    return this.getNumberAttribute('after_minutes');
  }
  public set afterMinutes(value: number) {
    this._afterMinutes = value;
  }
  // Temporarily expose input value. Use with caution.
  public get afterMinutesInput() {
    return this._afterMinutes;
  }

  // channel_ids - computed: false, optional: false, required: true
  private _channelIds?: string[]; 
  public get channelIds() {
    return this.getListAttribute('channel_ids');
  }
  public set channelIds(value: string[]) {
    this._channelIds = value;
  }
  // Temporarily expose input value. Use with caution.
  public get channelIdsInput() {
    return this._channelIds;
  }
}

export class EscalationPolicyStepList extends cdktf.ComplexList {
  public internalValue? : EscalationPolicyStep[] | cdktf.IResolvable

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
  public get(index: number): EscalationPolicyStepOutputReference {
    return new EscalationPolicyStepOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy service_escalation_policy}
*/
export class EscalationPolicy extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_escalation_policy";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a EscalationPolicy resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the EscalationPolicy to import
  * @param importFromId The id of the existing EscalationPolicy that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the EscalationPolicy to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_escalation_policy", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/escalation_policy service_escalation_policy} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options EscalationPolicyConfig
  */
  public constructor(scope: Construct, id: string, config: EscalationPolicyConfig) {
    super(scope, id, {
      terraformResourceType: 'service_escalation_policy',
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
    this._name = config.name;
    this._step.internalValue = config.step;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // monitor_ids - computed: true, optional: false, required: false
  public get monitorIds() {
    return this.getListAttribute('monitor_ids');
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

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // step - computed: false, optional: false, required: true
  private _step = new EscalationPolicyStepList(this, "step", false);
  public get step() {
    return this._step;
  }
  public putStep(value: EscalationPolicyStep[] | cdktf.IResolvable) {
    this._step.internalValue = value;
  }
  // Temporarily expose input value. Use with caution.
  public get stepInput() {
    return this._step.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
      step: cdktf.listMapper(escalationPolicyStepToTerraform, true)(this._step.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      step: {
        value: cdktf.listMapperHcl(escalationPolicyStepToHclTerraform, true)(this._step.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "EscalationPolicyStepList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
