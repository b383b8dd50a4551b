// https://uptime.local/providers/uptime/service/latest/docs/resources/status_page
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface StatusPageConfig extends cdktf.TerraformMetaArguments {
  /**
  * Who may view the page: `public` (default), `password`, `email-domain` (visitors signing in with an address of `auth_email_domains`) or `ip-restriction` (visitors from `allowed_ip_ranges`).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#access_type StatusPage#access_type}
  */
  readonly accessType?: string;
  /**
  * Whether search engines may index the page. Default `true`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#allow_index StatusPage#allow_index}
  */
  readonly allowIndex?: boolean | cdktf.IResolvable;
  /**
  * Comma-separated IPv4 CIDR ranges that may view the page (e.g. `"10.0.0.0/8,192.168.1.0/24"`); required when `access_type` is `ip-restriction`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#allowed_ip_ranges StatusPage#allowed_ip_ranges}
  */
  readonly allowedIpRanges?: string;
  /**
  * E-mail domains whose addresses may view the page (at most 50, e.g. `["example.com"]`); required when `access_type` is `email-domain`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#auth_email_domains StatusPage#auth_email_domains}
  */
  readonly authEmailDomains?: string[];
  /**
  * Link where visitors reach you. An http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#contact_url StatusPage#contact_url}
  */
  readonly contactUrl?: string;
  /**
  * Host name that serves the page (e.g. `status.example.com`), unique across the service. Point its DNS at the service first.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#custom_domain StatusPage#custom_domain}
  */
  readonly customDomain?: string;
  /**
  * Per-mode CSS variable overrides merged over `theme`: `light` and `dark`, each a map of variable name to value. Needs the custom-theme plan feature.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#custom_theme StatusPage#custom_theme}
  */
  readonly customTheme?: StatusPageCustomTheme;
  /**
  * Language the page opens in, e.g. `en` or `pt-BR`; must be one of `locales` when those are given. Default `en`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#default_locale StatusPage#default_locale}
  */
  readonly defaultLocale?: string;
  /**
  * Text shown under the title, at most 1024 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#description StatusPage#description}
  */
  readonly description?: string;
  /**
  * Origins whose pages may show this page in a frame (its Content-Security-Policy `frame-ancestors`), at most 10, e.g. `["https://www.example.com", "https://intranet.example.com:8443"]`: each https (http only for `localhost`, `127.0.0.1` and `[::1]`), scheme, host and optional port only, no path or wildcard, lower case without a trailing slash, each once. The page's access and subscribe forms are never framed. Default none: left out, the page may not be framed anywhere.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#embed_origins StatusPage#embed_origins}
  */
  readonly embedOrigins?: string[];
  /**
  * Link to your website. An http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#homepage_url StatusPage#homepage_url}
  */
  readonly homepageUrl?: string;
  /**
  * URL of the icon shown on the page. An http or https URL of at most 2048 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#icon StatusPage#icon}
  */
  readonly icon?: string;
  /**
  * Languages offered in the language switcher (at most 50), e.g. `["en", "fr"]`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#locales StatusPage#locales}
  */
  readonly locales?: string[];
  /**
  * Password of the page, 8 to 256 characters; required when `access_type` is `password`. Sensitive and write-only: the service stores only a hash and never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#password StatusPage#password}
  */
  readonly password?: string;
  /**
  * Part of the page URL, unique across the service: 1 to 256 characters of a-z, 0-9 and single dashes (e.g. `acme-status`).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#slug StatusPage#slug}
  */
  readonly slug: string;
  /**
  * Theme key: 1 to 64 characters of a-z, 0-9 and `-`. Default `default`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#theme StatusPage#theme}
  */
  readonly theme?: string;
  /**
  * Title shown on the page, 1 to 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#title StatusPage#title}
  */
  readonly title: string;
  /**
  * The uptime figure each component with a monitor shows on the public page (and its `status.json`), computed as in SLA reports with maintenance windows left out: `off` (default: none), `30d` or `90d` (the last 30 or 90 days), `month` (the current calendar month, UTC) or `quarter` (the current calendar quarter, UTC).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#uptime_period StatusPage#uptime_period}
  */
  readonly uptimePeriod?: string;
}
export interface StatusPageCustomTheme {
  /**
  * CSS custom properties for dark mode, keyed by variable name (e.g. `"--color-primary" = "hsl(24 94% 50%)"`): at most 100 entries, keys `--` and 1 to 64 letters, digits or dashes, values at most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#dark StatusPage#dark}
  */
  readonly dark?: { [key: string]: string };
  /**
  * CSS custom properties for light mode, keyed by variable name (e.g. `"--color-primary" = "hsl(24 94% 50%)"`): at most 100 entries, keys `--` and 1 to 64 letters, digits or dashes, values at most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#light StatusPage#light}
  */
  readonly light?: { [key: string]: string };
}

export function statusPageCustomThemeToTerraform(struct?: StatusPageCustomTheme | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    dark: cdktf.hashMapper(cdktf.stringToTerraform)(struct!.dark),
    light: cdktf.hashMapper(cdktf.stringToTerraform)(struct!.light),
  }
}


export function statusPageCustomThemeToHclTerraform(struct?: StatusPageCustomTheme | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    dark: {
      value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(struct!.dark),
      isBlock: false,
      type: "map",
      storageClassType: "stringMap",
    },
    light: {
      value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(struct!.light),
      isBlock: false,
      type: "map",
      storageClassType: "stringMap",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class StatusPageCustomThemeOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): StatusPageCustomTheme | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._dark !== undefined) {
      hasAnyValues = true;
      internalValueResult.dark = this._dark;
    }
    if (this._light !== undefined) {
      hasAnyValues = true;
      internalValueResult.light = this._light;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: StatusPageCustomTheme | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._dark = undefined;
      this._light = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._dark = value.dark;
      this._light = value.light;
    }
  }

  // dark - computed: false, optional: true, required: false
  private _dark?: { [key: string]: string }; 
  public get dark() {
    return this.getStringMapAttribute('dark');
  }
  public set dark(value: { [key: string]: string }) {
    this._dark = value;
  }
  public resetDark() {
    this._dark = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get darkInput() {
    return this._dark;
  }

  // light - computed: false, optional: true, required: false
  private _light?: { [key: string]: string }; 
  public get light() {
    return this.getStringMapAttribute('light');
  }
  public set light(value: { [key: string]: string }) {
    this._light = value;
  }
  public resetLight() {
    this._light = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get lightInput() {
    return this._light;
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page service_status_page}
*/
export class StatusPage extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_status_page";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a StatusPage resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the StatusPage to import
  * @param importFromId The id of the existing StatusPage that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the StatusPage to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_status_page", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/status_page service_status_page} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options StatusPageConfig
  */
  public constructor(scope: Construct, id: string, config: StatusPageConfig) {
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
    this._accessType = config.accessType;
    this._allowIndex = config.allowIndex;
    this._allowedIpRanges = config.allowedIpRanges;
    this._authEmailDomains = config.authEmailDomains;
    this._contactUrl = config.contactUrl;
    this._customDomain = config.customDomain;
    this._customTheme.internalValue = config.customTheme;
    this._defaultLocale = config.defaultLocale;
    this._description = config.description;
    this._embedOrigins = config.embedOrigins;
    this._homepageUrl = config.homepageUrl;
    this._icon = config.icon;
    this._locales = config.locales;
    this._password = config.password;
    this._slug = config.slug;
    this._theme = config.theme;
    this._title = config.title;
    this._uptimePeriod = config.uptimePeriod;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // access_type - computed: true, optional: true, required: false
  private _accessType?: string; 
  public get accessType() {
    return this.getStringAttribute('access_type');
  }
  public set accessType(value: string) {
    this._accessType = value;
  }
  public resetAccessType() {
    this._accessType = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get accessTypeInput() {
    return this._accessType;
  }

  // allow_index - computed: true, optional: true, required: false
  private _allowIndex?: boolean | cdktf.IResolvable; 
  public get allowIndex() {
    return this.getBooleanAttribute('allow_index');
  }
  public set allowIndex(value: boolean | cdktf.IResolvable) {
    this._allowIndex = value;
  }
  public resetAllowIndex() {
    this._allowIndex = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get allowIndexInput() {
    return this._allowIndex;
  }

  // allowed_ip_ranges - computed: false, optional: true, required: false
  private _allowedIpRanges?: string; 
  public get allowedIpRanges() {
    return this.getStringAttribute('allowed_ip_ranges');
  }
  public set allowedIpRanges(value: string) {
    this._allowedIpRanges = value;
  }
  public resetAllowedIpRanges() {
    this._allowedIpRanges = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get allowedIpRangesInput() {
    return this._allowedIpRanges;
  }

  // auth_email_domains - computed: false, optional: true, required: false
  private _authEmailDomains?: string[]; 
  public get authEmailDomains() {
    return this.getListAttribute('auth_email_domains');
  }
  public set authEmailDomains(value: string[]) {
    this._authEmailDomains = value;
  }
  public resetAuthEmailDomains() {
    this._authEmailDomains = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authEmailDomainsInput() {
    return this._authEmailDomains;
  }

  // contact_url - computed: false, optional: true, required: false
  private _contactUrl?: string; 
  public get contactUrl() {
    return this.getStringAttribute('contact_url');
  }
  public set contactUrl(value: string) {
    this._contactUrl = value;
  }
  public resetContactUrl() {
    this._contactUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get contactUrlInput() {
    return this._contactUrl;
  }

  // created_at - computed: true, optional: false, required: false
  public get createdAt() {
    return this.getStringAttribute('created_at');
  }

  // custom_domain - computed: false, optional: true, required: false
  private _customDomain?: string; 
  public get customDomain() {
    return this.getStringAttribute('custom_domain');
  }
  public set customDomain(value: string) {
    this._customDomain = value;
  }
  public resetCustomDomain() {
    this._customDomain = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get customDomainInput() {
    return this._customDomain;
  }

  // custom_theme - computed: false, optional: true, required: false
  private _customTheme = new StatusPageCustomThemeOutputReference(this, "custom_theme");
  public get customTheme() {
    return this._customTheme;
  }
  public putCustomTheme(value: StatusPageCustomTheme) {
    this._customTheme.internalValue = value;
  }
  public resetCustomTheme() {
    this._customTheme.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get customThemeInput() {
    return this._customTheme.internalValue;
  }

  // default_locale - computed: true, optional: true, required: false
  private _defaultLocale?: string; 
  public get defaultLocale() {
    return this.getStringAttribute('default_locale');
  }
  public set defaultLocale(value: string) {
    this._defaultLocale = value;
  }
  public resetDefaultLocale() {
    this._defaultLocale = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get defaultLocaleInput() {
    return this._defaultLocale;
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

  // embed_origins - computed: false, optional: true, required: false
  private _embedOrigins?: string[]; 
  public get embedOrigins() {
    return this.getListAttribute('embed_origins');
  }
  public set embedOrigins(value: string[]) {
    this._embedOrigins = value;
  }
  public resetEmbedOrigins() {
    this._embedOrigins = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get embedOriginsInput() {
    return this._embedOrigins;
  }

  // homepage_url - computed: false, optional: true, required: false
  private _homepageUrl?: string; 
  public get homepageUrl() {
    return this.getStringAttribute('homepage_url');
  }
  public set homepageUrl(value: string) {
    this._homepageUrl = value;
  }
  public resetHomepageUrl() {
    this._homepageUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get homepageUrlInput() {
    return this._homepageUrl;
  }

  // icon - computed: false, optional: true, required: false
  private _icon?: string; 
  public get icon() {
    return this.getStringAttribute('icon');
  }
  public set icon(value: string) {
    this._icon = value;
  }
  public resetIcon() {
    this._icon = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get iconInput() {
    return this._icon;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // locales - computed: false, optional: true, required: false
  private _locales?: string[]; 
  public get locales() {
    return this.getListAttribute('locales');
  }
  public set locales(value: string[]) {
    this._locales = value;
  }
  public resetLocales() {
    this._locales = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get localesInput() {
    return this._locales;
  }

  // password - computed: false, optional: true, required: false
  private _password?: string; 
  public get password() {
    return this.getStringAttribute('password');
  }
  public set password(value: string) {
    this._password = value;
  }
  public resetPassword() {
    this._password = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordInput() {
    return this._password;
  }

  // published - computed: true, optional: false, required: false
  public get published() {
    return this.getBooleanAttribute('published');
  }

  // slug - computed: false, optional: false, required: true
  private _slug?: string; 
  public get slug() {
    return this.getStringAttribute('slug');
  }
  public set slug(value: string) {
    this._slug = value;
  }
  // Temporarily expose input value. Use with caution.
  public get slugInput() {
    return this._slug;
  }

  // theme - computed: true, optional: true, required: false
  private _theme?: string; 
  public get theme() {
    return this.getStringAttribute('theme');
  }
  public set theme(value: string) {
    this._theme = value;
  }
  public resetTheme() {
    this._theme = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get themeInput() {
    return this._theme;
  }

  // title - computed: false, optional: false, required: true
  private _title?: string; 
  public get title() {
    return this.getStringAttribute('title');
  }
  public set title(value: string) {
    this._title = value;
  }
  // Temporarily expose input value. Use with caution.
  public get titleInput() {
    return this._title;
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // uptime_period - computed: true, optional: true, required: false
  private _uptimePeriod?: string; 
  public get uptimePeriod() {
    return this.getStringAttribute('uptime_period');
  }
  public set uptimePeriod(value: string) {
    this._uptimePeriod = value;
  }
  public resetUptimePeriod() {
    this._uptimePeriod = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get uptimePeriodInput() {
    return this._uptimePeriod;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      access_type: cdktf.stringToTerraform(this._accessType),
      allow_index: cdktf.booleanToTerraform(this._allowIndex),
      allowed_ip_ranges: cdktf.stringToTerraform(this._allowedIpRanges),
      auth_email_domains: cdktf.listMapper(cdktf.stringToTerraform, false)(this._authEmailDomains),
      contact_url: cdktf.stringToTerraform(this._contactUrl),
      custom_domain: cdktf.stringToTerraform(this._customDomain),
      custom_theme: statusPageCustomThemeToTerraform(this._customTheme.internalValue),
      default_locale: cdktf.stringToTerraform(this._defaultLocale),
      description: cdktf.stringToTerraform(this._description),
      embed_origins: cdktf.listMapper(cdktf.stringToTerraform, false)(this._embedOrigins),
      homepage_url: cdktf.stringToTerraform(this._homepageUrl),
      icon: cdktf.stringToTerraform(this._icon),
      locales: cdktf.listMapper(cdktf.stringToTerraform, false)(this._locales),
      password: cdktf.stringToTerraform(this._password),
      slug: cdktf.stringToTerraform(this._slug),
      theme: cdktf.stringToTerraform(this._theme),
      title: cdktf.stringToTerraform(this._title),
      uptime_period: cdktf.stringToTerraform(this._uptimePeriod),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      access_type: {
        value: cdktf.stringToHclTerraform(this._accessType),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      allow_index: {
        value: cdktf.booleanToHclTerraform(this._allowIndex),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      allowed_ip_ranges: {
        value: cdktf.stringToHclTerraform(this._allowedIpRanges),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auth_email_domains: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._authEmailDomains),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      contact_url: {
        value: cdktf.stringToHclTerraform(this._contactUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      custom_domain: {
        value: cdktf.stringToHclTerraform(this._customDomain),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      custom_theme: {
        value: statusPageCustomThemeToHclTerraform(this._customTheme.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "StatusPageCustomTheme",
      },
      default_locale: {
        value: cdktf.stringToHclTerraform(this._defaultLocale),
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
      embed_origins: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._embedOrigins),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      homepage_url: {
        value: cdktf.stringToHclTerraform(this._homepageUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      icon: {
        value: cdktf.stringToHclTerraform(this._icon),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      locales: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._locales),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      password: {
        value: cdktf.stringToHclTerraform(this._password),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      slug: {
        value: cdktf.stringToHclTerraform(this._slug),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      theme: {
        value: cdktf.stringToHclTerraform(this._theme),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      title: {
        value: cdktf.stringToHclTerraform(this._title),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      uptime_period: {
        value: cdktf.stringToHclTerraform(this._uptimePeriod),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
