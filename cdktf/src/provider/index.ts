// https://uptime.local/providers/uptime/service/latest/docs
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface ServiceProviderConfig {
  /**
  * API key of the workspace to manage (an `svc_...` key with write scope). Required: set it here or in the environment variable `SERVICE_API_TOKEN`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs#api_token ServiceProvider#api_token}
  */
  readonly apiToken?: string;
  /**
  * Root of the service's RPC API: the service's base URL followed by `/rpc`. Default `SERVICE_BASE_URL` from the environment, else `http://localhost:3000/rpc`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs#base_url ServiceProvider#base_url}
  */
  readonly baseUrl?: string;
  /**
  * Alias name
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs#alias ServiceProvider#alias}
  */
  readonly alias?: string;
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs service}
*/
export class ServiceProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a ServiceProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the ServiceProvider to import
  * @param importFromId The id of the existing ServiceProvider that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the ServiceProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs service} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options ServiceProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: ServiceProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'service',
      terraformGeneratorMetadata: {
        providerName: 'service',
        providerVersionConstraint: '~> 0.1'
      },
      terraformProviderSource: 'uptime.local/uptime/service'
    });
    this._apiToken = config.apiToken;
    this._baseUrl = config.baseUrl;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // api_token - computed: false, optional: true, required: false
  private _apiToken?: string; 
  public get apiToken() {
    return this._apiToken;
  }
  public set apiToken(value: string | undefined) {
    this._apiToken = value;
  }
  public resetApiToken() {
    this._apiToken = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get apiTokenInput() {
    return this._apiToken;
  }

  // base_url - computed: false, optional: true, required: false
  private _baseUrl?: string; 
  public get baseUrl() {
    return this._baseUrl;
  }
  public set baseUrl(value: string | undefined) {
    this._baseUrl = value;
  }
  public resetBaseUrl() {
    this._baseUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get baseUrlInput() {
    return this._baseUrl;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public get alias() {
    return this._alias;
  }
  public set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      api_token: cdktf.stringToTerraform(this._apiToken),
      base_url: cdktf.stringToTerraform(this._baseUrl),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      api_token: {
        value: cdktf.stringToHclTerraform(this._apiToken),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      base_url: {
        value: cdktf.stringToHclTerraform(this._baseUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
