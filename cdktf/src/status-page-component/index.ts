// https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface StatusPageComponentConfig extends cdktf.TerraformMetaArguments {
  /**
  * Incidents opened by the monitor: `off` (default), `draft` or `published`. When the monitor has been down `auto_incident_after_minutes`, a status report affecting this component is opened on the page (a draft is not public until a person publishes it); a report already open on the component is not duplicated. Only for `type` `monitor`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_incident StatusPageComponent#auto_incident}
  */
  readonly autoIncident?: string;
  /**
  * How long the monitor must have been down before the incident opens, 1 to 1440 minutes. Default 5.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_incident_after_minutes StatusPageComponent#auto_incident_after_minutes}
  */
  readonly autoIncidentAfterMinutes?: number;
  /**
  * The incident's first update, 1 to 2000 characters; the placeholders of `auto_incident_title`. Default `We are investigating an outage of {{component}} since {{since}}.`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_incident_message StatusPageComponent#auto_incident_message}
  */
  readonly autoIncidentMessage?: string;
  /**
  * Whether a published incident and its resolution are sent to the page's subscribers. Default `false`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_incident_notify StatusPageComponent#auto_incident_notify}
  */
  readonly autoIncidentNotify?: boolean | cdktf.IResolvable;
  /**
  * The incident's title, 1 to 256 characters; placeholders `{{component}}`, `{{monitor}}`, `{{since}}`, `{{page}}`. Default `{{component}} is down`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_incident_title StatusPageComponent#auto_incident_title}
  */
  readonly autoIncidentTitle?: string;
  /**
  * When the monitor recovers, post the `resolved` update to the incident it opened (default `true`); `false` leaves the incident for a person.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#auto_resolve StatusPageComponent#auto_resolve}
  */
  readonly autoResolve?: boolean | cdktf.IResolvable;
  /**
  * Text shown with the component, at most 1024 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#description StatusPageComponent#description}
  */
  readonly description?: string;
  /**
  * ID of a component group on the same page that holds the component.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#group_id StatusPageComponent#group_id}
  */
  readonly groupId?: string;
  /**
  * Display order within the group (lower first), from -1000000 to 1000000. Default 0.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#group_order StatusPageComponent#group_order}
  */
  readonly groupOrder?: number;
  /**
  * ID of the monitor the component shows; required when `type` is `monitor`, not allowed when `static`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#monitor_id StatusPageComponent#monitor_id}
  */
  readonly monitorId?: string;
  /**
  * Name shown on the page, at most 256 characters; a monitor component without one shows the monitor's name.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#name StatusPageComponent#name}
  */
  readonly name?: string;
  /**
  * Display order on the page (lower first), from -1000000 to 1000000. Default 0.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#order StatusPageComponent#order}
  */
  readonly order?: number;
  /**
  * ID of the status page the component is on. Changing it forces replacement.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#page_id StatusPageComponent#page_id}
  */
  readonly pageId: string;
  /**
  * `monitor` (shows the status of `monitor_id`) or `static` (a fixed entry). Changing it forces replacement.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#type StatusPageComponent#type}
  */
  readonly type: string;
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component service_status_page_component}
*/
export class StatusPageComponent extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_status_page_component";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a StatusPageComponent resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the StatusPageComponent to import
  * @param importFromId The id of the existing StatusPageComponent that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the StatusPageComponent to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_status_page_component", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component service_status_page_component} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options StatusPageComponentConfig
  */
  public constructor(scope: Construct, id: string, config: StatusPageComponentConfig) {
    super(scope, id, {
      terraformResourceType: 'service_status_page_component',
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
    this._autoIncident = config.autoIncident;
    this._autoIncidentAfterMinutes = config.autoIncidentAfterMinutes;
    this._autoIncidentMessage = config.autoIncidentMessage;
    this._autoIncidentNotify = config.autoIncidentNotify;
    this._autoIncidentTitle = config.autoIncidentTitle;
    this._autoResolve = config.autoResolve;
    this._description = config.description;
    this._groupId = config.groupId;
    this._groupOrder = config.groupOrder;
    this._monitorId = config.monitorId;
    this._name = config.name;
    this._order = config.order;
    this._pageId = config.pageId;
    this._type = config.type;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // auto_incident - computed: true, optional: true, required: false
  private _autoIncident?: string; 
  public get autoIncident() {
    return this.getStringAttribute('auto_incident');
  }
  public set autoIncident(value: string) {
    this._autoIncident = value;
  }
  public resetAutoIncident() {
    this._autoIncident = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoIncidentInput() {
    return this._autoIncident;
  }

  // auto_incident_after_minutes - computed: true, optional: true, required: false
  private _autoIncidentAfterMinutes?: number; 
  public get autoIncidentAfterMinutes() {
    return this.getNumberAttribute('auto_incident_after_minutes');
  }
  public set autoIncidentAfterMinutes(value: number) {
    this._autoIncidentAfterMinutes = value;
  }
  public resetAutoIncidentAfterMinutes() {
    this._autoIncidentAfterMinutes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoIncidentAfterMinutesInput() {
    return this._autoIncidentAfterMinutes;
  }

  // auto_incident_message - computed: true, optional: true, required: false
  private _autoIncidentMessage?: string; 
  public get autoIncidentMessage() {
    return this.getStringAttribute('auto_incident_message');
  }
  public set autoIncidentMessage(value: string) {
    this._autoIncidentMessage = value;
  }
  public resetAutoIncidentMessage() {
    this._autoIncidentMessage = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoIncidentMessageInput() {
    return this._autoIncidentMessage;
  }

  // auto_incident_notify - computed: true, optional: true, required: false
  private _autoIncidentNotify?: boolean | cdktf.IResolvable; 
  public get autoIncidentNotify() {
    return this.getBooleanAttribute('auto_incident_notify');
  }
  public set autoIncidentNotify(value: boolean | cdktf.IResolvable) {
    this._autoIncidentNotify = value;
  }
  public resetAutoIncidentNotify() {
    this._autoIncidentNotify = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoIncidentNotifyInput() {
    return this._autoIncidentNotify;
  }

  // auto_incident_title - computed: true, optional: true, required: false
  private _autoIncidentTitle?: string; 
  public get autoIncidentTitle() {
    return this.getStringAttribute('auto_incident_title');
  }
  public set autoIncidentTitle(value: string) {
    this._autoIncidentTitle = value;
  }
  public resetAutoIncidentTitle() {
    this._autoIncidentTitle = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoIncidentTitleInput() {
    return this._autoIncidentTitle;
  }

  // auto_resolve - computed: true, optional: true, required: false
  private _autoResolve?: boolean | cdktf.IResolvable; 
  public get autoResolve() {
    return this.getBooleanAttribute('auto_resolve');
  }
  public set autoResolve(value: boolean | cdktf.IResolvable) {
    this._autoResolve = value;
  }
  public resetAutoResolve() {
    this._autoResolve = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoResolveInput() {
    return this._autoResolve;
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
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

  // group_id - computed: false, optional: true, required: false
  private _groupId?: string; 
  public get groupId() {
    return this.getStringAttribute('group_id');
  }
  public set groupId(value: string) {
    this._groupId = value;
  }
  public resetGroupId() {
    this._groupId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get groupIdInput() {
    return this._groupId;
  }

  // group_order - computed: true, optional: true, required: false
  private _groupOrder?: number; 
  public get groupOrder() {
    return this.getNumberAttribute('group_order');
  }
  public set groupOrder(value: number) {
    this._groupOrder = value;
  }
  public resetGroupOrder() {
    this._groupOrder = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get groupOrderInput() {
    return this._groupOrder;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // monitor_id - computed: false, optional: true, required: false
  private _monitorId?: string; 
  public get monitorId() {
    return this.getStringAttribute('monitor_id');
  }
  public set monitorId(value: string) {
    this._monitorId = value;
  }
  public resetMonitorId() {
    this._monitorId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get monitorIdInput() {
    return this._monitorId;
  }

  // name - computed: false, optional: true, required: false
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  public resetName() {
    this._name = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // order - computed: true, optional: true, required: false
  private _order?: number; 
  public get order() {
    return this.getNumberAttribute('order');
  }
  public set order(value: number) {
    this._order = value;
  }
  public resetOrder() {
    this._order = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get orderInput() {
    return this._order;
  }

  // page_id - computed: false, optional: false, required: true
  private _pageId?: string; 
  public get pageId() {
    return this.getStringAttribute('page_id');
  }
  public set pageId(value: string) {
    this._pageId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get pageIdInput() {
    return this._pageId;
  }

  // type - computed: false, optional: false, required: true
  private _type?: string; 
  public get type() {
    return this.getStringAttribute('type');
  }
  public set type(value: string) {
    this._type = value;
  }
  // Temporarily expose input value. Use with caution.
  public get typeInput() {
    return this._type;
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      auto_incident: cdktf.stringToTerraform(this._autoIncident),
      auto_incident_after_minutes: cdktf.numberToTerraform(this._autoIncidentAfterMinutes),
      auto_incident_message: cdktf.stringToTerraform(this._autoIncidentMessage),
      auto_incident_notify: cdktf.booleanToTerraform(this._autoIncidentNotify),
      auto_incident_title: cdktf.stringToTerraform(this._autoIncidentTitle),
      auto_resolve: cdktf.booleanToTerraform(this._autoResolve),
      description: cdktf.stringToTerraform(this._description),
      group_id: cdktf.stringToTerraform(this._groupId),
      group_order: cdktf.numberToTerraform(this._groupOrder),
      monitor_id: cdktf.stringToTerraform(this._monitorId),
      name: cdktf.stringToTerraform(this._name),
      order: cdktf.numberToTerraform(this._order),
      page_id: cdktf.stringToTerraform(this._pageId),
      type: cdktf.stringToTerraform(this._type),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      auto_incident: {
        value: cdktf.stringToHclTerraform(this._autoIncident),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auto_incident_after_minutes: {
        value: cdktf.numberToHclTerraform(this._autoIncidentAfterMinutes),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      auto_incident_message: {
        value: cdktf.stringToHclTerraform(this._autoIncidentMessage),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auto_incident_notify: {
        value: cdktf.booleanToHclTerraform(this._autoIncidentNotify),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      auto_incident_title: {
        value: cdktf.stringToHclTerraform(this._autoIncidentTitle),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auto_resolve: {
        value: cdktf.booleanToHclTerraform(this._autoResolve),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      group_id: {
        value: cdktf.stringToHclTerraform(this._groupId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      group_order: {
        value: cdktf.numberToHclTerraform(this._groupOrder),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      monitor_id: {
        value: cdktf.stringToHclTerraform(this._monitorId),
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
      order: {
        value: cdktf.numberToHclTerraform(this._order),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      page_id: {
        value: cdktf.stringToHclTerraform(this._pageId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      type: {
        value: cdktf.stringToHclTerraform(this._type),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
