// https://uptime.local/providers/uptime/service/latest/docs/resources/private_location
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface PrivateLocationConfig extends cdktf.TerraformMetaArguments {
  /**
  * Labels of the location: at most 50 entries, keys 1 to 64 characters, values at most 256 characters. Removing it from the configuration clears it.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location#metadata PrivateLocation#metadata}
  */
  readonly metadata?: { [key: string]: string };
  /**
  * IDs of the monitors the location runs (a set). Terraform owns the list: removing it from the configuration clears it.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location#monitor_ids PrivateLocation#monitor_ids}
  */
  readonly monitorIds?: string[];
  /**
  * Name of the location, 1 to 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location#name PrivateLocation#name}
  */
  readonly name: string;
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location service_private_location}
*/
export class PrivateLocation extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_private_location";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a PrivateLocation resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the PrivateLocation to import
  * @param importFromId The id of the existing PrivateLocation that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the PrivateLocation to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_private_location", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/private_location service_private_location} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options PrivateLocationConfig
  */
  public constructor(scope: Construct, id: string, config: PrivateLocationConfig) {
    super(scope, id, {
      terraformResourceType: 'service_private_location',
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
    this._metadata = config.metadata;
    this._monitorIds = config.monitorIds;
    this._name = config.name;
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

  // metadata - computed: false, optional: true, required: false
  private _metadata?: { [key: string]: string }; 
  public get metadata() {
    return this.getStringMapAttribute('metadata');
  }
  public set metadata(value: { [key: string]: string }) {
    this._metadata = value;
  }
  public resetMetadata() {
    this._metadata = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get metadataInput() {
    return this._metadata;
  }

  // monitor_ids - computed: false, optional: true, required: false
  private _monitorIds?: string[]; 
  public get monitorIds() {
    return cdktf.Fn.tolist(this.getListAttribute('monitor_ids'));
  }
  public set monitorIds(value: string[]) {
    this._monitorIds = value;
  }
  public resetMonitorIds() {
    this._monitorIds = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get monitorIdsInput() {
    return this._monitorIds;
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

  // token - computed: true, optional: false, required: false
  public get token() {
    return this.getStringAttribute('token');
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
      metadata: cdktf.hashMapper(cdktf.stringToTerraform)(this._metadata),
      monitor_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(this._monitorIds),
      name: cdktf.stringToTerraform(this._name),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      metadata: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._metadata),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      monitor_ids: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._monitorIds),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
