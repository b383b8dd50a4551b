// https://uptime.local/providers/uptime/service/latest/docs/data-sources/status_page
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface DataServiceStatusPageConfig extends cdktf.TerraformMetaArguments {
  /**
  * ID of the status page.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/data-sources/status_page#id DataServiceStatusPage#id}
  *
  * Please be aware that the id field is automatically added to all resources in Terraform providers using a Terraform provider SDK version below 2.
  * If you experience problems setting this value it might not be settable. Please take a look at the provider documentation to ensure it should be settable.
  */
  readonly id: string;
}
export interface DataServiceStatusPageCustomTheme {
}

export function dataServiceStatusPageCustomThemeToTerraform(struct?: DataServiceStatusPageCustomTheme): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataServiceStatusPageCustomThemeToHclTerraform(struct?: DataServiceStatusPageCustomTheme): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class DataServiceStatusPageCustomThemeOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): DataServiceStatusPageCustomTheme | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataServiceStatusPageCustomTheme | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // dark - computed: true, optional: false, required: false
  private _dark = new cdktf.StringMap(this, "dark");
  public get dark() {
    return this._dark;
  }

  // light - computed: true, optional: false, required: false
  private _light = new cdktf.StringMap(this, "light");
  public get light() {
    return this._light;
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/data-sources/status_page service_status_page}
*/
export class DataServiceStatusPage extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_status_page";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataServiceStatusPage resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataServiceStatusPage to import
  * @param importFromId The id of the existing DataServiceStatusPage that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/data-sources/status_page#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataServiceStatusPage to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_status_page", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/data-sources/status_page service_status_page} Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataServiceStatusPageConfig
  */
  public constructor(scope: Construct, id: string, config: DataServiceStatusPageConfig) {
    super(scope, id, {
      terraformResourceType: 'service_status_page',
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
    this._id = config.id;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // access_type - computed: true, optional: false, required: false
  public get accessType() {
    return this.getStringAttribute('access_type');
  }

  // allow_index - computed: true, optional: false, required: false
  public get allowIndex() {
    return this.getBooleanAttribute('allow_index');
  }

  // allowed_ip_ranges - computed: true, optional: false, required: false
  public get allowedIpRanges() {
    return this.getStringAttribute('allowed_ip_ranges');
  }

  // auth_email_domains - computed: true, optional: false, required: false
  public get authEmailDomains() {
    return this.getListAttribute('auth_email_domains');
  }

  // contact_url - computed: true, optional: false, required: false
  public get contactUrl() {
    return this.getStringAttribute('contact_url');
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // custom_domain - computed: true, optional: false, required: false
  public get customDomain() {
    return this.getStringAttribute('custom_domain');
  }

  // custom_theme - computed: true, optional: false, required: false
  private _customTheme = new DataServiceStatusPageCustomThemeOutputReference(this, "custom_theme");
  public get customTheme() {
    return this._customTheme;
  }

  // default_locale - computed: true, optional: false, required: false
  public get defaultLocale() {
    return this.getStringAttribute('default_locale');
  }

  // description - computed: true, optional: false, required: false
  public get description() {
    return this.getStringAttribute('description');
  }

  // embed_origins - computed: true, optional: false, required: false
  public get embedOrigins() {
    return this.getListAttribute('embed_origins');
  }

  // homepage_url - computed: true, optional: false, required: false
  public get homepageUrl() {
    return this.getStringAttribute('homepage_url');
  }

  // icon - computed: true, optional: false, required: false
  public get icon() {
    return this.getStringAttribute('icon');
  }

  // id - computed: false, optional: false, required: true
  private _id?: string; 
  public get id() {
    return this.getStringAttribute('id');
  }
  public set id(value: string) {
    this._id = value;
  }
  // Temporarily expose input value. Use with caution.
  public get idInput() {
    return this._id;
  }

  // locales - computed: true, optional: false, required: false
  public get locales() {
    return this.getListAttribute('locales');
  }

  // password - computed: true, optional: false, required: false
  public get password() {
    return this.getStringAttribute('password');
  }

  // published - computed: true, optional: false, required: false
  public get published() {
    return this.getBooleanAttribute('published');
  }

  // slug - computed: true, optional: false, required: false
  public get slug() {
    return this.getStringAttribute('slug');
  }

  // theme - computed: true, optional: false, required: false
  public get theme() {
    return this.getStringAttribute('theme');
  }

  // title - computed: true, optional: false, required: false
  public get title() {
    return this.getStringAttribute('title');
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // uptime_period - computed: true, optional: false, required: false
  public get uptimePeriod() {
    return this.getStringAttribute('uptime_period');
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      id: cdktf.stringToTerraform(this._id),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      id: {
        value: cdktf.stringToHclTerraform(this._id),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
