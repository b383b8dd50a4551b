// https://uptime.local/providers/uptime/service/latest/docs/resources/notification
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface NotificationConfig extends cdktf.TerraformMetaArguments {
  /**
  * IDs of the monitors that alert through this channel (a set). Removing it from the configuration unwires every monitor.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#monitor_ids Notification#monitor_ids}
  */
  readonly monitorIds?: string[];
  /**
  * Name of the channel, at most 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#name Notification#name}
  */
  readonly name?: string;
  /**
  * Kind of channel: one of `discord`, `email`, `slack`, `pagerduty`, `opsgenie`, `webhook`, `telegram`, `sms`, `whatsapp`, `google_chat`, `grafana_oncall`, `ntfy`, `ms_teams`, `mattermost`, `pushover`, `gotify`, `matrix` (`ms_teams` is Microsoft Teams). Exactly the block of this name must be given.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#provider_type Notification#provider_type}
  */
  readonly providerType: string;
  /**
  * discord block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#discord Notification#discord}
  */
  readonly discord?: NotificationDiscord;
  /**
  * email block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#email Notification#email}
  */
  readonly email?: NotificationEmail;
  /**
  * google_chat block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#google_chat Notification#google_chat}
  */
  readonly googleChat?: NotificationGoogleChat;
  /**
  * gotify block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#gotify Notification#gotify}
  */
  readonly gotify?: NotificationGotify;
  /**
  * grafana_oncall block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#grafana_oncall Notification#grafana_oncall}
  */
  readonly grafanaOncall?: NotificationGrafanaOncall;
  /**
  * matrix block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#matrix Notification#matrix}
  */
  readonly matrix?: NotificationMatrix;
  /**
  * mattermost block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#mattermost Notification#mattermost}
  */
  readonly mattermost?: NotificationMattermost;
  /**
  * ms_teams block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#ms_teams Notification#ms_teams}
  */
  readonly msTeams?: NotificationMsTeams;
  /**
  * ntfy block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#ntfy Notification#ntfy}
  */
  readonly ntfy?: NotificationNtfy;
  /**
  * opsgenie block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#opsgenie Notification#opsgenie}
  */
  readonly opsgenie?: NotificationOpsgenie;
  /**
  * pagerduty block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#pagerduty Notification#pagerduty}
  */
  readonly pagerduty?: NotificationPagerduty;
  /**
  * pushover block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#pushover Notification#pushover}
  */
  readonly pushover?: NotificationPushover;
  /**
  * slack block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#slack Notification#slack}
  */
  readonly slack?: NotificationSlack;
  /**
  * sms block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#sms Notification#sms}
  */
  readonly sms?: NotificationSms;
  /**
  * telegram block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#telegram Notification#telegram}
  */
  readonly telegram?: NotificationTelegram;
  /**
  * webhook block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook Notification#webhook}
  */
  readonly webhook?: NotificationWebhook;
  /**
  * whatsapp block
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#whatsapp Notification#whatsapp}
  */
  readonly whatsapp?: NotificationWhatsapp;
}
export interface NotificationDiscord {
  /**
  * Incoming webhook URL of the Discord channel: an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationDiscordToTerraform(struct?: NotificationDiscordOutputReference | NotificationDiscord): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationDiscordToHclTerraform(struct?: NotificationDiscordOutputReference | NotificationDiscord): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationDiscordOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationDiscord | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationDiscord | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationEmail {
  /**
  * E-mail address that receives the alerts (at most 320 characters).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#email Notification#email}
  */
  readonly email: string;
}

export function notificationEmailToTerraform(struct?: NotificationEmailOutputReference | NotificationEmail): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    email: cdktf.stringToTerraform(struct!.email),
  }
}


export function notificationEmailToHclTerraform(struct?: NotificationEmailOutputReference | NotificationEmail): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    email: {
      value: cdktf.stringToHclTerraform(struct!.email),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationEmailOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationEmail | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._email !== undefined) {
      hasAnyValues = true;
      internalValueResult.email = this._email;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationEmail | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._email = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._email = value.email;
    }
  }

  // email - computed: false, optional: false, required: true
  private _email?: string; 
  public get email() {
    return this.getStringAttribute('email');
  }
  public set email(value: string) {
    this._email = value;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }
}
export interface NotificationGoogleChat {
  /**
  * Incoming webhook URL of the Google Chat space: an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationGoogleChatToTerraform(struct?: NotificationGoogleChatOutputReference | NotificationGoogleChat): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationGoogleChatToHclTerraform(struct?: NotificationGoogleChatOutputReference | NotificationGoogleChat): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationGoogleChatOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationGoogleChat | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationGoogleChat | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationGotify {
  /**
  * Token of the Gotify application, sent as X-Gotify-Key, at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#app_token Notification#app_token}
  */
  readonly appToken: string;
  /**
  * Gotify priority of every alert of the channel: a whole number from 0 to 10, default `5`. `0` shows no notification on the phone.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#priority Notification#priority}
  */
  readonly priority?: number;
  /**
  * URL of the Gotify server (a path prefix is kept): an http or https URL of at most 2048 characters. Its query string, user info and fragment are write-only: the service returns the URL without them, and the state keeps the configured URL.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#server_url Notification#server_url}
  */
  readonly serverUrl: string;
}

export function notificationGotifyToTerraform(struct?: NotificationGotifyOutputReference | NotificationGotify): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    app_token: cdktf.stringToTerraform(struct!.appToken),
    priority: cdktf.numberToTerraform(struct!.priority),
    server_url: cdktf.stringToTerraform(struct!.serverUrl),
  }
}


export function notificationGotifyToHclTerraform(struct?: NotificationGotifyOutputReference | NotificationGotify): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    app_token: {
      value: cdktf.stringToHclTerraform(struct!.appToken),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    priority: {
      value: cdktf.numberToHclTerraform(struct!.priority),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    server_url: {
      value: cdktf.stringToHclTerraform(struct!.serverUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationGotifyOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationGotify | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._appToken !== undefined) {
      hasAnyValues = true;
      internalValueResult.appToken = this._appToken;
    }
    if (this._priority !== undefined) {
      hasAnyValues = true;
      internalValueResult.priority = this._priority;
    }
    if (this._serverUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.serverUrl = this._serverUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationGotify | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._appToken = undefined;
      this._priority = undefined;
      this._serverUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._appToken = value.appToken;
      this._priority = value.priority;
      this._serverUrl = value.serverUrl;
    }
  }

  // app_token - computed: false, optional: false, required: true
  private _appToken?: string; 
  public get appToken() {
    return this.getStringAttribute('app_token');
  }
  public set appToken(value: string) {
    this._appToken = value;
  }
  // Temporarily expose input value. Use with caution.
  public get appTokenInput() {
    return this._appToken;
  }

  // priority - computed: true, optional: true, required: false
  private _priority?: number; 
  public get priority() {
    return this.getNumberAttribute('priority');
  }
  public set priority(value: number) {
    this._priority = value;
  }
  public resetPriority() {
    this._priority = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get priorityInput() {
    return this._priority;
  }

  // server_url - computed: false, optional: false, required: true
  private _serverUrl?: string; 
  public get serverUrl() {
    return this.getStringAttribute('server_url');
  }
  public set serverUrl(value: string) {
    this._serverUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get serverUrlInput() {
    return this._serverUrl;
  }
}
export interface NotificationGrafanaOncall {
  /**
  * Incoming webhook URL of the Grafana OnCall integration: an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationGrafanaOncallToTerraform(struct?: NotificationGrafanaOncallOutputReference | NotificationGrafanaOncall): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationGrafanaOncallToHclTerraform(struct?: NotificationGrafanaOncallOutputReference | NotificationGrafanaOncall): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationGrafanaOncallOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationGrafanaOncall | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationGrafanaOncall | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationMatrix {
  /**
  * Access token of the Matrix user that posts, which must have joined the room, at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#access_token Notification#access_token}
  */
  readonly accessToken: string;
  /**
  * URL of the Matrix homeserver's client-server API, e.g. https://matrix.example (a path prefix is kept): an http or https URL of at most 2048 characters. Its query string, user info and fragment are write-only: the service returns the URL without them, and the state keeps the configured URL.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#homeserver_url Notification#homeserver_url}
  */
  readonly homeserverUrl: string;
  /**
  * Room the alerts are posted to, as its id `!opaque:server` (room settings, Advanced), not an alias such as `#room:server`; at most 255 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#room_id Notification#room_id}
  */
  readonly roomId: string;
}

export function notificationMatrixToTerraform(struct?: NotificationMatrixOutputReference | NotificationMatrix): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    access_token: cdktf.stringToTerraform(struct!.accessToken),
    homeserver_url: cdktf.stringToTerraform(struct!.homeserverUrl),
    room_id: cdktf.stringToTerraform(struct!.roomId),
  }
}


export function notificationMatrixToHclTerraform(struct?: NotificationMatrixOutputReference | NotificationMatrix): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    access_token: {
      value: cdktf.stringToHclTerraform(struct!.accessToken),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    homeserver_url: {
      value: cdktf.stringToHclTerraform(struct!.homeserverUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    room_id: {
      value: cdktf.stringToHclTerraform(struct!.roomId),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationMatrixOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationMatrix | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._accessToken !== undefined) {
      hasAnyValues = true;
      internalValueResult.accessToken = this._accessToken;
    }
    if (this._homeserverUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.homeserverUrl = this._homeserverUrl;
    }
    if (this._roomId !== undefined) {
      hasAnyValues = true;
      internalValueResult.roomId = this._roomId;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationMatrix | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._accessToken = undefined;
      this._homeserverUrl = undefined;
      this._roomId = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._accessToken = value.accessToken;
      this._homeserverUrl = value.homeserverUrl;
      this._roomId = value.roomId;
    }
  }

  // access_token - computed: false, optional: false, required: true
  private _accessToken?: string; 
  public get accessToken() {
    return this.getStringAttribute('access_token');
  }
  public set accessToken(value: string) {
    this._accessToken = value;
  }
  // Temporarily expose input value. Use with caution.
  public get accessTokenInput() {
    return this._accessToken;
  }

  // homeserver_url - computed: false, optional: false, required: true
  private _homeserverUrl?: string; 
  public get homeserverUrl() {
    return this.getStringAttribute('homeserver_url');
  }
  public set homeserverUrl(value: string) {
    this._homeserverUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get homeserverUrlInput() {
    return this._homeserverUrl;
  }

  // room_id - computed: false, optional: false, required: true
  private _roomId?: string; 
  public get roomId() {
    return this.getStringAttribute('room_id');
  }
  public set roomId(value: string) {
    this._roomId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get roomIdInput() {
    return this._roomId;
  }
}
export interface NotificationMattermost {
  /**
  * Channel the message goes to instead of the webhook's own: its name as in its URL (e.g. `town-square`), or `@username` for a direct message; at most 64 characters. Applies only where the Mattermost server lets integrations override the channel.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#channel Notification#channel}
  */
  readonly channel?: string;
  /**
  * URL of the picture the message is posted with: an http or https URL of at most 2048 characters. Applies only where the Mattermost server lets integrations override it.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#icon_url Notification#icon_url}
  */
  readonly iconUrl?: string;
  /**
  * Name the message is posted under, at most 64 characters. Applies only where the Mattermost server lets integrations override it.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#username Notification#username}
  */
  readonly username?: string;
  /**
  * Incoming webhook URL of the Mattermost channel (e.g. https://chat.example/hooks/<key>): an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationMattermostToTerraform(struct?: NotificationMattermostOutputReference | NotificationMattermost): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    channel: cdktf.stringToTerraform(struct!.channel),
    icon_url: cdktf.stringToTerraform(struct!.iconUrl),
    username: cdktf.stringToTerraform(struct!.username),
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationMattermostToHclTerraform(struct?: NotificationMattermostOutputReference | NotificationMattermost): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    channel: {
      value: cdktf.stringToHclTerraform(struct!.channel),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    icon_url: {
      value: cdktf.stringToHclTerraform(struct!.iconUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    username: {
      value: cdktf.stringToHclTerraform(struct!.username),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationMattermostOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationMattermost | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._channel !== undefined) {
      hasAnyValues = true;
      internalValueResult.channel = this._channel;
    }
    if (this._iconUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.iconUrl = this._iconUrl;
    }
    if (this._username !== undefined) {
      hasAnyValues = true;
      internalValueResult.username = this._username;
    }
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationMattermost | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._channel = undefined;
      this._iconUrl = undefined;
      this._username = undefined;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._channel = value.channel;
      this._iconUrl = value.iconUrl;
      this._username = value.username;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // channel - computed: false, optional: true, required: false
  private _channel?: string; 
  public get channel() {
    return this.getStringAttribute('channel');
  }
  public set channel(value: string) {
    this._channel = value;
  }
  public resetChannel() {
    this._channel = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get channelInput() {
    return this._channel;
  }

  // icon_url - computed: false, optional: true, required: false
  private _iconUrl?: string; 
  public get iconUrl() {
    return this.getStringAttribute('icon_url');
  }
  public set iconUrl(value: string) {
    this._iconUrl = value;
  }
  public resetIconUrl() {
    this._iconUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get iconUrlInput() {
    return this._iconUrl;
  }

  // username - computed: false, optional: true, required: false
  private _username?: string; 
  public get username() {
    return this.getStringAttribute('username');
  }
  public set username(value: string) {
    this._username = value;
  }
  public resetUsername() {
    this._username = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get usernameInput() {
    return this._username;
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationMsTeams {
  /**
  * Incoming webhook URL of the Microsoft Teams channel (Workflows or incoming webhook): an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationMsTeamsToTerraform(struct?: NotificationMsTeamsOutputReference | NotificationMsTeams): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationMsTeamsToHclTerraform(struct?: NotificationMsTeamsOutputReference | NotificationMsTeams): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationMsTeamsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationMsTeams | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationMsTeams | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationNtfy {
  /**
  * URL of the ntfy server; when omitted, the public ntfy.sh: an http or https URL of at most 2048 characters. Its query string, user info and fragment are write-only: the service returns the URL without them, and the state keeps the configured URL.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#server_url Notification#server_url}
  */
  readonly serverUrl?: string;
  /**
  * Access token of the ntfy server, at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#token Notification#token}
  */
  readonly token?: string;
  /**
  * ntfy topic: 1 to 64 letters, digits, `-` or `_`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#topic Notification#topic}
  */
  readonly topic: string;
}

export function notificationNtfyToTerraform(struct?: NotificationNtfyOutputReference | NotificationNtfy): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    server_url: cdktf.stringToTerraform(struct!.serverUrl),
    token: cdktf.stringToTerraform(struct!.token),
    topic: cdktf.stringToTerraform(struct!.topic),
  }
}


export function notificationNtfyToHclTerraform(struct?: NotificationNtfyOutputReference | NotificationNtfy): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    server_url: {
      value: cdktf.stringToHclTerraform(struct!.serverUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    token: {
      value: cdktf.stringToHclTerraform(struct!.token),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    topic: {
      value: cdktf.stringToHclTerraform(struct!.topic),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationNtfyOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationNtfy | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._serverUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.serverUrl = this._serverUrl;
    }
    if (this._token !== undefined) {
      hasAnyValues = true;
      internalValueResult.token = this._token;
    }
    if (this._topic !== undefined) {
      hasAnyValues = true;
      internalValueResult.topic = this._topic;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationNtfy | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._serverUrl = undefined;
      this._token = undefined;
      this._topic = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._serverUrl = value.serverUrl;
      this._token = value.token;
      this._topic = value.topic;
    }
  }

  // server_url - computed: false, optional: true, required: false
  private _serverUrl?: string; 
  public get serverUrl() {
    return this.getStringAttribute('server_url');
  }
  public set serverUrl(value: string) {
    this._serverUrl = value;
  }
  public resetServerUrl() {
    this._serverUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get serverUrlInput() {
    return this._serverUrl;
  }

  // token - computed: false, optional: true, required: false
  private _token?: string; 
  public get token() {
    return this.getStringAttribute('token');
  }
  public set token(value: string) {
    this._token = value;
  }
  public resetToken() {
    this._token = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tokenInput() {
    return this._token;
  }

  // topic - computed: false, optional: false, required: true
  private _topic?: string; 
  public get topic() {
    return this.getStringAttribute('topic');
  }
  public set topic(value: string) {
    this._topic = value;
  }
  // Temporarily expose input value. Use with caution.
  public get topicInput() {
    return this._topic;
  }
}
export interface NotificationOpsgenie {
  /**
  * API key of the Opsgenie integration, at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#api_key Notification#api_key}
  */
  readonly apiKey: string;
  /**
  * Opsgenie region of the account: `us` or `eu`.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#region Notification#region}
  */
  readonly region: string;
}

export function notificationOpsgenieToTerraform(struct?: NotificationOpsgenieOutputReference | NotificationOpsgenie): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    api_key: cdktf.stringToTerraform(struct!.apiKey),
    region: cdktf.stringToTerraform(struct!.region),
  }
}


export function notificationOpsgenieToHclTerraform(struct?: NotificationOpsgenieOutputReference | NotificationOpsgenie): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    api_key: {
      value: cdktf.stringToHclTerraform(struct!.apiKey),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    region: {
      value: cdktf.stringToHclTerraform(struct!.region),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationOpsgenieOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationOpsgenie | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._apiKey !== undefined) {
      hasAnyValues = true;
      internalValueResult.apiKey = this._apiKey;
    }
    if (this._region !== undefined) {
      hasAnyValues = true;
      internalValueResult.region = this._region;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationOpsgenie | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._apiKey = undefined;
      this._region = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._apiKey = value.apiKey;
      this._region = value.region;
    }
  }

  // api_key - computed: false, optional: false, required: true
  private _apiKey?: string; 
  public get apiKey() {
    return this.getStringAttribute('api_key');
  }
  public set apiKey(value: string) {
    this._apiKey = value;
  }
  // Temporarily expose input value. Use with caution.
  public get apiKeyInput() {
    return this._apiKey;
  }

  // region - computed: false, optional: false, required: true
  private _region?: string; 
  public get region() {
    return this.getStringAttribute('region');
  }
  public set region(value: string) {
    this._region = value;
  }
  // Temporarily expose input value. Use with caution.
  public get regionInput() {
    return this._region;
  }
}
export interface NotificationPagerduty {
  /**
  * Integration key of the PagerDuty service (Events API v2), at most 1024 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#integration_key Notification#integration_key}
  */
  readonly integrationKey: string;
}

export function notificationPagerdutyToTerraform(struct?: NotificationPagerdutyOutputReference | NotificationPagerduty): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    integration_key: cdktf.stringToTerraform(struct!.integrationKey),
  }
}


export function notificationPagerdutyToHclTerraform(struct?: NotificationPagerdutyOutputReference | NotificationPagerduty): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    integration_key: {
      value: cdktf.stringToHclTerraform(struct!.integrationKey),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationPagerdutyOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationPagerduty | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._integrationKey !== undefined) {
      hasAnyValues = true;
      internalValueResult.integrationKey = this._integrationKey;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationPagerduty | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._integrationKey = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._integrationKey = value.integrationKey;
    }
  }

  // integration_key - computed: false, optional: false, required: true
  private _integrationKey?: string; 
  public get integrationKey() {
    return this.getStringAttribute('integration_key');
  }
  public set integrationKey(value: string) {
    this._integrationKey = value;
  }
  // Temporarily expose input value. Use with caution.
  public get integrationKeyInput() {
    return this._integrationKey;
  }
}
export interface NotificationPushover {
  /**
  * API token of the Pushover application: 30 letters and digits. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#app_token Notification#app_token}
  */
  readonly appToken: string;
  /**
  * Name of one of the user's devices (letters, digits, `-` and `_`, at most 25); when omitted, every device gets the alerts.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#device Notification#device}
  */
  readonly device?: string;
  /**
  * Pushover priority of down and degraded alerts: a whole number from -2 to 2, default `0`. `-2`: no notification; `-1`: quiet; `0`: normal; `1`: high, bypasses quiet hours; `2`: emergency, repeated every 60 seconds until acknowledged, for at most an hour. Recoveries and test messages go out at this priority or 0, whichever is lower, so none needs acknowledging.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#priority Notification#priority}
  */
  readonly priority?: number;
  /**
  * Name of a Pushover sound (letters, digits, `-` and `_`, at most 64); when omitted, the user's default sound.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#sound Notification#sound}
  */
  readonly sound?: string;
  /**
  * User or group key from the Pushover dashboard: 30 letters and digits. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#user_key Notification#user_key}
  */
  readonly userKey: string;
}

export function notificationPushoverToTerraform(struct?: NotificationPushoverOutputReference | NotificationPushover): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    app_token: cdktf.stringToTerraform(struct!.appToken),
    device: cdktf.stringToTerraform(struct!.device),
    priority: cdktf.numberToTerraform(struct!.priority),
    sound: cdktf.stringToTerraform(struct!.sound),
    user_key: cdktf.stringToTerraform(struct!.userKey),
  }
}


export function notificationPushoverToHclTerraform(struct?: NotificationPushoverOutputReference | NotificationPushover): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    app_token: {
      value: cdktf.stringToHclTerraform(struct!.appToken),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    device: {
      value: cdktf.stringToHclTerraform(struct!.device),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    priority: {
      value: cdktf.numberToHclTerraform(struct!.priority),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    sound: {
      value: cdktf.stringToHclTerraform(struct!.sound),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    user_key: {
      value: cdktf.stringToHclTerraform(struct!.userKey),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationPushoverOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationPushover | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._appToken !== undefined) {
      hasAnyValues = true;
      internalValueResult.appToken = this._appToken;
    }
    if (this._device !== undefined) {
      hasAnyValues = true;
      internalValueResult.device = this._device;
    }
    if (this._priority !== undefined) {
      hasAnyValues = true;
      internalValueResult.priority = this._priority;
    }
    if (this._sound !== undefined) {
      hasAnyValues = true;
      internalValueResult.sound = this._sound;
    }
    if (this._userKey !== undefined) {
      hasAnyValues = true;
      internalValueResult.userKey = this._userKey;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationPushover | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._appToken = undefined;
      this._device = undefined;
      this._priority = undefined;
      this._sound = undefined;
      this._userKey = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._appToken = value.appToken;
      this._device = value.device;
      this._priority = value.priority;
      this._sound = value.sound;
      this._userKey = value.userKey;
    }
  }

  // app_token - computed: false, optional: false, required: true
  private _appToken?: string; 
  public get appToken() {
    return this.getStringAttribute('app_token');
  }
  public set appToken(value: string) {
    this._appToken = value;
  }
  // Temporarily expose input value. Use with caution.
  public get appTokenInput() {
    return this._appToken;
  }

  // device - computed: false, optional: true, required: false
  private _device?: string; 
  public get device() {
    return this.getStringAttribute('device');
  }
  public set device(value: string) {
    this._device = value;
  }
  public resetDevice() {
    this._device = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deviceInput() {
    return this._device;
  }

  // priority - computed: true, optional: true, required: false
  private _priority?: number; 
  public get priority() {
    return this.getNumberAttribute('priority');
  }
  public set priority(value: number) {
    this._priority = value;
  }
  public resetPriority() {
    this._priority = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get priorityInput() {
    return this._priority;
  }

  // sound - computed: false, optional: true, required: false
  private _sound?: string; 
  public get sound() {
    return this.getStringAttribute('sound');
  }
  public set sound(value: string) {
    this._sound = value;
  }
  public resetSound() {
    this._sound = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get soundInput() {
    return this._sound;
  }

  // user_key - computed: false, optional: false, required: true
  private _userKey?: string; 
  public get userKey() {
    return this.getStringAttribute('user_key');
  }
  public set userKey(value: string) {
    this._userKey = value;
  }
  // Temporarily expose input value. Use with caution.
  public get userKeyInput() {
    return this._userKey;
  }
}
export interface NotificationSlack {
  /**
  * Incoming webhook URL of the Slack channel: an http or https URL of at most 2048 characters. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#webhook_url Notification#webhook_url}
  */
  readonly webhookUrl: string;
}

export function notificationSlackToTerraform(struct?: NotificationSlackOutputReference | NotificationSlack): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    webhook_url: cdktf.stringToTerraform(struct!.webhookUrl),
  }
}


export function notificationSlackToHclTerraform(struct?: NotificationSlackOutputReference | NotificationSlack): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    webhook_url: {
      value: cdktf.stringToHclTerraform(struct!.webhookUrl),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationSlackOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationSlack | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._webhookUrl !== undefined) {
      hasAnyValues = true;
      internalValueResult.webhookUrl = this._webhookUrl;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationSlack | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._webhookUrl = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._webhookUrl = value.webhookUrl;
    }
  }

  // webhook_url - computed: false, optional: false, required: true
  private _webhookUrl?: string; 
  public get webhookUrl() {
    return this.getStringAttribute('webhook_url');
  }
  public set webhookUrl(value: string) {
    this._webhookUrl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookUrlInput() {
    return this._webhookUrl;
  }
}
export interface NotificationSms {
  /**
  * Phone number that receives the SMS messages, in E.164 form (e.g. +14155550123).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#phone_number Notification#phone_number}
  */
  readonly phoneNumber: string;
}

export function notificationSmsToTerraform(struct?: NotificationSmsOutputReference | NotificationSms): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    phone_number: cdktf.stringToTerraform(struct!.phoneNumber),
  }
}


export function notificationSmsToHclTerraform(struct?: NotificationSmsOutputReference | NotificationSms): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    phone_number: {
      value: cdktf.stringToHclTerraform(struct!.phoneNumber),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationSmsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationSms | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._phoneNumber !== undefined) {
      hasAnyValues = true;
      internalValueResult.phoneNumber = this._phoneNumber;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationSms | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._phoneNumber = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._phoneNumber = value.phoneNumber;
    }
  }

  // phone_number - computed: false, optional: false, required: true
  private _phoneNumber?: string; 
  public get phoneNumber() {
    return this.getStringAttribute('phone_number');
  }
  public set phoneNumber(value: string) {
    this._phoneNumber = value;
  }
  // Temporarily expose input value. Use with caution.
  public get phoneNumberInput() {
    return this._phoneNumber;
  }
}
export interface NotificationTelegram {
  /**
  * Telegram chat that receives the alerts: a numeric chat id (negative for groups) or an @channel username.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#chat_id Notification#chat_id}
  */
  readonly chatId: string;
}

export function notificationTelegramToTerraform(struct?: NotificationTelegramOutputReference | NotificationTelegram): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    chat_id: cdktf.stringToTerraform(struct!.chatId),
  }
}


export function notificationTelegramToHclTerraform(struct?: NotificationTelegramOutputReference | NotificationTelegram): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    chat_id: {
      value: cdktf.stringToHclTerraform(struct!.chatId),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationTelegramOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationTelegram | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._chatId !== undefined) {
      hasAnyValues = true;
      internalValueResult.chatId = this._chatId;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationTelegram | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._chatId = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._chatId = value.chatId;
    }
  }

  // chat_id - computed: false, optional: false, required: true
  private _chatId?: string; 
  public get chatId() {
    return this.getStringAttribute('chat_id');
  }
  public set chatId(value: string) {
    this._chatId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get chatIdInput() {
    return this._chatId;
  }
}
export interface NotificationWebhookHeaders {
  /**
  * Header name, 1 to 256 characters.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#key Notification#key}
  */
  readonly key: string;
  /**
  * Header value, 1 to 8192 characters. Sensitive and write-only.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#value Notification#value}
  */
  readonly value: string;
}

export function notificationWebhookHeadersToTerraform(struct?: NotificationWebhookHeaders | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    key: cdktf.stringToTerraform(struct!.key),
    value: cdktf.stringToTerraform(struct!.value),
  }
}


export function notificationWebhookHeadersToHclTerraform(struct?: NotificationWebhookHeaders | cdktf.IResolvable): any {
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

export class NotificationWebhookHeadersOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): NotificationWebhookHeaders | cdktf.IResolvable | undefined {
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

  public set internalValue(value: NotificationWebhookHeaders | cdktf.IResolvable | undefined) {
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

export class NotificationWebhookHeadersList extends cdktf.ComplexList {
  public internalValue? : NotificationWebhookHeaders[] | cdktf.IResolvable

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
  public get(index: number): NotificationWebhookHeadersOutputReference {
    return new NotificationWebhookHeadersOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface NotificationWebhook {
  /**
  * URL the alerts are POSTed to: an http or https URL of at most 2048 characters. Its query string, user info and fragment are write-only: the service returns the URL without them, and the state keeps the configured URL.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#endpoint Notification#endpoint}
  */
  readonly endpoint: string;
  /**
  * Headers sent with each webhook request (at most 20), e.g. `headers = [{ key = "Authorization", value = "..." }]`. Header values are sensitive and write-only: the service returns the keys only, and the state keeps the configured values.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#headers Notification#headers}
  */
  readonly headers?: NotificationWebhookHeaders[] | cdktf.IResolvable;
  /**
  * Secret that signs each request, at most 1024 characters: the `X-Signature-256` header carries `sha256=` and the hex HMAC-SHA256 of the raw body with this key, which the receiver recomputes and compares in constant time. When omitted, requests are not signed. Sensitive and write-only: the service never returns it, so the state keeps the configured value.
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#signing_secret Notification#signing_secret}
  */
  readonly signingSecret?: string;
}

export function notificationWebhookToTerraform(struct?: NotificationWebhookOutputReference | NotificationWebhook): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    endpoint: cdktf.stringToTerraform(struct!.endpoint),
    headers: cdktf.listMapper(notificationWebhookHeadersToTerraform, false)(struct!.headers),
    signing_secret: cdktf.stringToTerraform(struct!.signingSecret),
  }
}


export function notificationWebhookToHclTerraform(struct?: NotificationWebhookOutputReference | NotificationWebhook): any {
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
      value: cdktf.listMapperHcl(notificationWebhookHeadersToHclTerraform, false)(struct!.headers),
      isBlock: true,
      type: "list",
      storageClassType: "NotificationWebhookHeadersList",
    },
    signing_secret: {
      value: cdktf.stringToHclTerraform(struct!.signingSecret),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationWebhookOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationWebhook | undefined {
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
    if (this._signingSecret !== undefined) {
      hasAnyValues = true;
      internalValueResult.signingSecret = this._signingSecret;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationWebhook | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._endpoint = undefined;
      this._headers.internalValue = undefined;
      this._signingSecret = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._endpoint = value.endpoint;
      this._headers.internalValue = value.headers;
      this._signingSecret = value.signingSecret;
    }
  }

  // endpoint - computed: false, optional: false, required: true
  private _endpoint?: string; 
  public get endpoint() {
    return this.getStringAttribute('endpoint');
  }
  public set endpoint(value: string) {
    this._endpoint = value;
  }
  // Temporarily expose input value. Use with caution.
  public get endpointInput() {
    return this._endpoint;
  }

  // headers - computed: false, optional: true, required: false
  private _headers = new NotificationWebhookHeadersList(this, "headers", false);
  public get headers() {
    return this._headers;
  }
  public putHeaders(value: NotificationWebhookHeaders[] | cdktf.IResolvable) {
    this._headers.internalValue = value;
  }
  public resetHeaders() {
    this._headers.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get headersInput() {
    return this._headers.internalValue;
  }

  // signing_secret - computed: false, optional: true, required: false
  private _signingSecret?: string; 
  public get signingSecret() {
    return this.getStringAttribute('signing_secret');
  }
  public set signingSecret(value: string) {
    this._signingSecret = value;
  }
  public resetSigningSecret() {
    this._signingSecret = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get signingSecretInput() {
    return this._signingSecret;
  }
}
export interface NotificationWhatsapp {
  /**
  * Phone number that receives the WhatsApp messages, in E.164 form (e.g. +14155550123).
  *
  * Docs at Terraform Registry: {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#phone_number Notification#phone_number}
  */
  readonly phoneNumber: string;
}

export function notificationWhatsappToTerraform(struct?: NotificationWhatsappOutputReference | NotificationWhatsapp): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    phone_number: cdktf.stringToTerraform(struct!.phoneNumber),
  }
}


export function notificationWhatsappToHclTerraform(struct?: NotificationWhatsappOutputReference | NotificationWhatsapp): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    phone_number: {
      value: cdktf.stringToHclTerraform(struct!.phoneNumber),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class NotificationWhatsappOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false, 0);
  }

  public get internalValue(): NotificationWhatsapp | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._phoneNumber !== undefined) {
      hasAnyValues = true;
      internalValueResult.phoneNumber = this._phoneNumber;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: NotificationWhatsapp | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this._phoneNumber = undefined;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this._phoneNumber = value.phoneNumber;
    }
  }

  // phone_number - computed: false, optional: false, required: true
  private _phoneNumber?: string; 
  public get phoneNumber() {
    return this.getStringAttribute('phone_number');
  }
  public set phoneNumber(value: string) {
    this._phoneNumber = value;
  }
  // Temporarily expose input value. Use with caution.
  public get phoneNumberInput() {
    return this._phoneNumber;
  }
}

/**
* Represents a {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification service_notification}
*/
export class Notification extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "service_notification";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Notification resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Notification to import
  * @param importFromId The id of the existing Notification that should be imported. Refer to the {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Notification to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "service_notification", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://uptime.local/providers/uptime/service/latest/docs/resources/notification service_notification} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options NotificationConfig
  */
  public constructor(scope: Construct, id: string, config: NotificationConfig) {
    super(scope, id, {
      terraformResourceType: 'service_notification',
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
    this._monitorIds = config.monitorIds;
    this._name = config.name;
    this._providerType = config.providerType;
    this._discord.internalValue = config.discord;
    this._email.internalValue = config.email;
    this._googleChat.internalValue = config.googleChat;
    this._gotify.internalValue = config.gotify;
    this._grafanaOncall.internalValue = config.grafanaOncall;
    this._matrix.internalValue = config.matrix;
    this._mattermost.internalValue = config.mattermost;
    this._msTeams.internalValue = config.msTeams;
    this._ntfy.internalValue = config.ntfy;
    this._opsgenie.internalValue = config.opsgenie;
    this._pagerduty.internalValue = config.pagerduty;
    this._pushover.internalValue = config.pushover;
    this._slack.internalValue = config.slack;
    this._sms.internalValue = config.sms;
    this._telegram.internalValue = config.telegram;
    this._webhook.internalValue = config.webhook;
    this._whatsapp.internalValue = config.whatsapp;
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

  // provider_type - computed: false, optional: false, required: true
  private _providerType?: string; 
  public get providerType() {
    return this.getStringAttribute('provider_type');
  }
  public set providerType(value: string) {
    this._providerType = value;
  }
  // Temporarily expose input value. Use with caution.
  public get providerTypeInput() {
    return this._providerType;
  }

  // updated_at - computed: true, optional: false, required: false
  public get updatedAt() {
    return this.getStringAttribute('updated_at');
  }

  // discord - computed: false, optional: true, required: false
  private _discord = new NotificationDiscordOutputReference(this, "discord");
  public get discord() {
    return this._discord;
  }
  public putDiscord(value: NotificationDiscord) {
    this._discord.internalValue = value;
  }
  public resetDiscord() {
    this._discord.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get discordInput() {
    return this._discord.internalValue;
  }

  // email - computed: false, optional: true, required: false
  private _email = new NotificationEmailOutputReference(this, "email");
  public get email() {
    return this._email;
  }
  public putEmail(value: NotificationEmail) {
    this._email.internalValue = value;
  }
  public resetEmail() {
    this._email.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email.internalValue;
  }

  // google_chat - computed: false, optional: true, required: false
  private _googleChat = new NotificationGoogleChatOutputReference(this, "google_chat");
  public get googleChat() {
    return this._googleChat;
  }
  public putGoogleChat(value: NotificationGoogleChat) {
    this._googleChat.internalValue = value;
  }
  public resetGoogleChat() {
    this._googleChat.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get googleChatInput() {
    return this._googleChat.internalValue;
  }

  // gotify - computed: false, optional: true, required: false
  private _gotify = new NotificationGotifyOutputReference(this, "gotify");
  public get gotify() {
    return this._gotify;
  }
  public putGotify(value: NotificationGotify) {
    this._gotify.internalValue = value;
  }
  public resetGotify() {
    this._gotify.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get gotifyInput() {
    return this._gotify.internalValue;
  }

  // grafana_oncall - computed: false, optional: true, required: false
  private _grafanaOncall = new NotificationGrafanaOncallOutputReference(this, "grafana_oncall");
  public get grafanaOncall() {
    return this._grafanaOncall;
  }
  public putGrafanaOncall(value: NotificationGrafanaOncall) {
    this._grafanaOncall.internalValue = value;
  }
  public resetGrafanaOncall() {
    this._grafanaOncall.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get grafanaOncallInput() {
    return this._grafanaOncall.internalValue;
  }

  // matrix - computed: false, optional: true, required: false
  private _matrix = new NotificationMatrixOutputReference(this, "matrix");
  public get matrix() {
    return this._matrix;
  }
  public putMatrix(value: NotificationMatrix) {
    this._matrix.internalValue = value;
  }
  public resetMatrix() {
    this._matrix.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get matrixInput() {
    return this._matrix.internalValue;
  }

  // mattermost - computed: false, optional: true, required: false
  private _mattermost = new NotificationMattermostOutputReference(this, "mattermost");
  public get mattermost() {
    return this._mattermost;
  }
  public putMattermost(value: NotificationMattermost) {
    this._mattermost.internalValue = value;
  }
  public resetMattermost() {
    this._mattermost.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get mattermostInput() {
    return this._mattermost.internalValue;
  }

  // ms_teams - computed: false, optional: true, required: false
  private _msTeams = new NotificationMsTeamsOutputReference(this, "ms_teams");
  public get msTeams() {
    return this._msTeams;
  }
  public putMsTeams(value: NotificationMsTeams) {
    this._msTeams.internalValue = value;
  }
  public resetMsTeams() {
    this._msTeams.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get msTeamsInput() {
    return this._msTeams.internalValue;
  }

  // ntfy - computed: false, optional: true, required: false
  private _ntfy = new NotificationNtfyOutputReference(this, "ntfy");
  public get ntfy() {
    return this._ntfy;
  }
  public putNtfy(value: NotificationNtfy) {
    this._ntfy.internalValue = value;
  }
  public resetNtfy() {
    this._ntfy.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get ntfyInput() {
    return this._ntfy.internalValue;
  }

  // opsgenie - computed: false, optional: true, required: false
  private _opsgenie = new NotificationOpsgenieOutputReference(this, "opsgenie");
  public get opsgenie() {
    return this._opsgenie;
  }
  public putOpsgenie(value: NotificationOpsgenie) {
    this._opsgenie.internalValue = value;
  }
  public resetOpsgenie() {
    this._opsgenie.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get opsgenieInput() {
    return this._opsgenie.internalValue;
  }

  // pagerduty - computed: false, optional: true, required: false
  private _pagerduty = new NotificationPagerdutyOutputReference(this, "pagerduty");
  public get pagerduty() {
    return this._pagerduty;
  }
  public putPagerduty(value: NotificationPagerduty) {
    this._pagerduty.internalValue = value;
  }
  public resetPagerduty() {
    this._pagerduty.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get pagerdutyInput() {
    return this._pagerduty.internalValue;
  }

  // pushover - computed: false, optional: true, required: false
  private _pushover = new NotificationPushoverOutputReference(this, "pushover");
  public get pushover() {
    return this._pushover;
  }
  public putPushover(value: NotificationPushover) {
    this._pushover.internalValue = value;
  }
  public resetPushover() {
    this._pushover.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get pushoverInput() {
    return this._pushover.internalValue;
  }

  // slack - computed: false, optional: true, required: false
  private _slack = new NotificationSlackOutputReference(this, "slack");
  public get slack() {
    return this._slack;
  }
  public putSlack(value: NotificationSlack) {
    this._slack.internalValue = value;
  }
  public resetSlack() {
    this._slack.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get slackInput() {
    return this._slack.internalValue;
  }

  // sms - computed: false, optional: true, required: false
  private _sms = new NotificationSmsOutputReference(this, "sms");
  public get sms() {
    return this._sms;
  }
  public putSms(value: NotificationSms) {
    this._sms.internalValue = value;
  }
  public resetSms() {
    this._sms.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get smsInput() {
    return this._sms.internalValue;
  }

  // telegram - computed: false, optional: true, required: false
  private _telegram = new NotificationTelegramOutputReference(this, "telegram");
  public get telegram() {
    return this._telegram;
  }
  public putTelegram(value: NotificationTelegram) {
    this._telegram.internalValue = value;
  }
  public resetTelegram() {
    this._telegram.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get telegramInput() {
    return this._telegram.internalValue;
  }

  // webhook - computed: false, optional: true, required: false
  private _webhook = new NotificationWebhookOutputReference(this, "webhook");
  public get webhook() {
    return this._webhook;
  }
  public putWebhook(value: NotificationWebhook) {
    this._webhook.internalValue = value;
  }
  public resetWebhook() {
    this._webhook.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get webhookInput() {
    return this._webhook.internalValue;
  }

  // whatsapp - computed: false, optional: true, required: false
  private _whatsapp = new NotificationWhatsappOutputReference(this, "whatsapp");
  public get whatsapp() {
    return this._whatsapp;
  }
  public putWhatsapp(value: NotificationWhatsapp) {
    this._whatsapp.internalValue = value;
  }
  public resetWhatsapp() {
    this._whatsapp.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get whatsappInput() {
    return this._whatsapp.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      monitor_ids: cdktf.listMapper(cdktf.stringToTerraform, false)(this._monitorIds),
      name: cdktf.stringToTerraform(this._name),
      provider_type: cdktf.stringToTerraform(this._providerType),
      discord: notificationDiscordToTerraform(this._discord.internalValue),
      email: notificationEmailToTerraform(this._email.internalValue),
      google_chat: notificationGoogleChatToTerraform(this._googleChat.internalValue),
      gotify: notificationGotifyToTerraform(this._gotify.internalValue),
      grafana_oncall: notificationGrafanaOncallToTerraform(this._grafanaOncall.internalValue),
      matrix: notificationMatrixToTerraform(this._matrix.internalValue),
      mattermost: notificationMattermostToTerraform(this._mattermost.internalValue),
      ms_teams: notificationMsTeamsToTerraform(this._msTeams.internalValue),
      ntfy: notificationNtfyToTerraform(this._ntfy.internalValue),
      opsgenie: notificationOpsgenieToTerraform(this._opsgenie.internalValue),
      pagerduty: notificationPagerdutyToTerraform(this._pagerduty.internalValue),
      pushover: notificationPushoverToTerraform(this._pushover.internalValue),
      slack: notificationSlackToTerraform(this._slack.internalValue),
      sms: notificationSmsToTerraform(this._sms.internalValue),
      telegram: notificationTelegramToTerraform(this._telegram.internalValue),
      webhook: notificationWebhookToTerraform(this._webhook.internalValue),
      whatsapp: notificationWhatsappToTerraform(this._whatsapp.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
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
      provider_type: {
        value: cdktf.stringToHclTerraform(this._providerType),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      discord: {
        value: notificationDiscordToHclTerraform(this._discord.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationDiscordList",
      },
      email: {
        value: notificationEmailToHclTerraform(this._email.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationEmailList",
      },
      google_chat: {
        value: notificationGoogleChatToHclTerraform(this._googleChat.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationGoogleChatList",
      },
      gotify: {
        value: notificationGotifyToHclTerraform(this._gotify.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationGotifyList",
      },
      grafana_oncall: {
        value: notificationGrafanaOncallToHclTerraform(this._grafanaOncall.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationGrafanaOncallList",
      },
      matrix: {
        value: notificationMatrixToHclTerraform(this._matrix.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationMatrixList",
      },
      mattermost: {
        value: notificationMattermostToHclTerraform(this._mattermost.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationMattermostList",
      },
      ms_teams: {
        value: notificationMsTeamsToHclTerraform(this._msTeams.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationMsTeamsList",
      },
      ntfy: {
        value: notificationNtfyToHclTerraform(this._ntfy.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationNtfyList",
      },
      opsgenie: {
        value: notificationOpsgenieToHclTerraform(this._opsgenie.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationOpsgenieList",
      },
      pagerduty: {
        value: notificationPagerdutyToHclTerraform(this._pagerduty.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationPagerdutyList",
      },
      pushover: {
        value: notificationPushoverToHclTerraform(this._pushover.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationPushoverList",
      },
      slack: {
        value: notificationSlackToHclTerraform(this._slack.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationSlackList",
      },
      sms: {
        value: notificationSmsToHclTerraform(this._sms.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationSmsList",
      },
      telegram: {
        value: notificationTelegramToHclTerraform(this._telegram.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationTelegramList",
      },
      webhook: {
        value: notificationWebhookToHclTerraform(this._webhook.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationWebhookList",
      },
      whatsapp: {
        value: notificationWhatsappToHclTerraform(this._whatsapp.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "NotificationWhatsappList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
