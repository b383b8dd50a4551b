// https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface StatusPageComponentGroupConfig extends cdktf.TerraformMetaArguments {
  /**
  * Name of the group shown on the page, 1 to 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group#name StatusPageComponentGroup#name}
  */
  readonly name: string;
  /**
  * ID of the status page the group is on. Changing it forces replacement.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group#page_id StatusPageComponentGroup#page_id}
  */
  readonly pageId: string;
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group service_status_page_component_group}
*/
export class StatusPageComponentGroup extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_status_page_component_group";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a StatusPageComponentGroup resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the StatusPageComponentGroup to import
  * @param importFromId The id of the existing StatusPageComponentGroup that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the StatusPageComponentGroup to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_status_page_component_group", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page_component_group service_status_page_component_group} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options StatusPageComponentGroupConfig
  */
  public constructor(scope: Construct, id: string, config: StatusPageComponentGroupConfig) {
    super(scope, id, {
      terraformResourceType: 'service_status_page_component_group',
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
    this._pageId = config.pageId;
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

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
      page_id: cdktf.stringToTerraform(this._pageId),
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
      page_id: {
        value: cdktf.stringToHclTerraform(this._pageId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
