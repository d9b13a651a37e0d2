// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): what `new EndpointGroup(scope, id, config)` takes.
*/
export interface EndpointGroupConfig extends cdktf.TerraformMetaArguments {
  /**
  * Group name without ",". The platform does not keep names unique: give each group its own name to refer to it by name (an inbound mapping's group).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`name`) in the dsipform package
  */
  readonly name: string;
  /**
  * Concurrent calls allowed (the platform's call limit). Left out: no limit.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`call_limit`) in the dsipform package
  */
  readonly callLimit?: number;
  /**
  * Leading digits stripped from the number before a call is sent to the group (written into every endpoint). Default 0.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`strip`) in the dsipform package
  */
  readonly strip?: number;
  /**
  * Dial digits put in front of the number before a call is sent to the group (written into every endpoint). Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`prefix`) in the dsipform package
  */
  readonly prefix?: string;
  /**
  * endpoint block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`endpoint`) in the dsipform package
  */
  readonly endpoint?: EndpointGroupEndpoint[] | cdktf.IResolvable;
  /**
  * auth block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth`) in the dsipform package
  */
  readonly auth?: EndpointGroupAuth;
  /**
  * notifications block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`notifications`) in the dsipform package
  */
  readonly notifications?: EndpointGroupNotifications;
  /**
  * cdr block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`cdr`) in the dsipform package
  */
  readonly cdr?: EndpointGroupCdr;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`timeouts`) in the dsipform package
  */
  readonly timeouts?: EndpointGroupTimeouts;
}
/**
* The value of `endpoint` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package), as plain values.
*/
export interface EndpointGroupEndpoint {
  /**
  * Endpoint (gateway) name without ",", its own within the group: endpoints are matched by name, so renaming one gives it a new gateway.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`name`) in the dsipform package
  */
  readonly name: string;
  /**
  * IPv4 address or host name, with ":port" when the port is not 5060 ("pbx.example.com" and "pbx.example.com:5060" are the same). Not IPv6: the platform stores it, but cannot read the group back.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`hostname`) in the dsipform package
  */
  readonly hostname: string;
  /**
  * Load-balancing weight. Default 1.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`weight`) in the dsipform package
  */
  readonly weight?: number;
}

export function endpointGroupEndpointToTerraform(struct?: EndpointGroupEndpoint | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    hostname: cdktf.stringToTerraform(struct!.hostname),
    weight: cdktf.numberToTerraform(struct!.weight),
  }
}


export function endpointGroupEndpointToHclTerraform(struct?: EndpointGroupEndpoint | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    hostname: {
      value: cdktf.stringToHclTerraform(struct!.hostname),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    weight: {
      value: cdktf.numberToHclTerraform(struct!.weight),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `endpoint` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointGroupEndpointOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): EndpointGroupEndpoint | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._hostname !== undefined) {
      hasAnyValues = true;
      internalValueResult.hostname = this._hostname;
    }
    if (this._weight !== undefined) {
      hasAnyValues = true;
      internalValueResult.weight = this._weight;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EndpointGroupEndpoint | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._hostname = undefined;
      this._weight = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._hostname = value.hostname;
      this._weight = value.weight;
    }
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

  // hostname - computed: false, optional: false, required: true
  private _hostname?: string; 
  public get hostname() {
    return this.getStringAttribute('hostname');
  }
  public set hostname(value: string) {
    this._hostname = value;
  }
  // Temporarily expose input value. Use with caution.
  public get hostnameInput() {
    return this._hostname;
  }

  // weight - computed: true, optional: true, required: false
  private _weight?: number; 
  public get weight() {
    return this.getNumberAttribute('weight');
  }
  public set weight(value: number) {
    this._weight = value;
  }
  public resetWeight() {
    this._weight = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get weightInput() {
    return this._weight;
  }
}

/**
* The list `endpoint` of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): `.get(index)` reads one element.
*/
export class EndpointGroupEndpointList extends cdktf.ComplexList {
  public internalValue? : EndpointGroupEndpoint[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet);
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): EndpointGroupEndpointOutputReference {
    return new EndpointGroupEndpointOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
/**
* The value of `auth` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package), as plain values.
*/
export interface EndpointGroupAuth {
  /**
  * "userpwd" (the PBX registers with a username and password) or "ip" (by address, no credentials; the same as no auth block).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`type`) in the dsipform package
  */
  readonly type: string;
  /**
  * Registration username (with type "userpwd").
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth_username`) in the dsipform package
  */
  readonly authUsername?: string;
  /**
  * Registration password. Hidden in plans and logs, but stored in the Terraform state (and in a saved plan) like every attribute: use auth_password_wo with Terraform 1.11 or later to keep it out of both. A password changed on the platform shows as a change at the next plan.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth_password`) in the dsipform package
  */
  readonly authPassword?: string;
  /**
  * Authentication password, write-only (Terraform 1.11 or later): sent to the platform on create and on every update, never stored in the plan or the state. Terraform cannot compare it, so change auth_password_wo_version to send a new one. Give it from an ephemeral variable (ephemeral = true) or an ephemeral resource so the value stays out of saved plans too. Conflicts with auth_password.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth_password_wo`) in the dsipform package
  */
  readonly authPasswordWo?: string;
  /**
  * Any number, stored in the state: change it (e.g. 1 to 2) to send the current auth_password_wo to the platform. Only with auth_password_wo.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth_password_wo_version`) in the dsipform package
  */
  readonly authPasswordWoVersion?: number;
  /**
  * Registration domain (with type "userpwd").
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`auth_domain`) in the dsipform package
  */
  readonly authDomain?: string;
}

export function endpointGroupAuthToTerraform(struct?: EndpointGroupAuth | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    type: cdktf.stringToTerraform(struct!.type),
    auth_username: cdktf.stringToTerraform(struct!.authUsername),
    auth_password: cdktf.stringToTerraform(struct!.authPassword),
    auth_password_wo: cdktf.stringToTerraform(struct!.authPasswordWo),
    auth_password_wo_version: cdktf.numberToTerraform(struct!.authPasswordWoVersion),
    auth_domain: cdktf.stringToTerraform(struct!.authDomain),
  }
}


export function endpointGroupAuthToHclTerraform(struct?: EndpointGroupAuth | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    type: {
      value: cdktf.stringToHclTerraform(struct!.type),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    auth_username: {
      value: cdktf.stringToHclTerraform(struct!.authUsername),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    auth_password: {
      value: cdktf.stringToHclTerraform(struct!.authPassword),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    auth_password_wo: {
      value: cdktf.stringToHclTerraform(struct!.authPasswordWo),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    auth_password_wo_version: {
      value: cdktf.numberToHclTerraform(struct!.authPasswordWoVersion),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    auth_domain: {
      value: cdktf.stringToHclTerraform(struct!.authDomain),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `auth` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointGroupAuthOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): EndpointGroupAuth | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._type !== undefined) {
      hasAnyValues = true;
      internalValueResult.type = this._type;
    }
    if (this._authUsername !== undefined) {
      hasAnyValues = true;
      internalValueResult.authUsername = this._authUsername;
    }
    if (this._authPassword !== undefined) {
      hasAnyValues = true;
      internalValueResult.authPassword = this._authPassword;
    }
    if (this._authPasswordWo !== undefined) {
      hasAnyValues = true;
      internalValueResult.authPasswordWo = this._authPasswordWo;
    }
    if (this._authPasswordWoVersion !== undefined) {
      hasAnyValues = true;
      internalValueResult.authPasswordWoVersion = this._authPasswordWoVersion;
    }
    if (this._authDomain !== undefined) {
      hasAnyValues = true;
      internalValueResult.authDomain = this._authDomain;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EndpointGroupAuth | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._type = undefined;
      this._authUsername = undefined;
      this._authPassword = undefined;
      this._authPasswordWo = undefined;
      this._authPasswordWoVersion = undefined;
      this._authDomain = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._type = value.type;
      this._authUsername = value.authUsername;
      this._authPassword = value.authPassword;
      this._authPasswordWo = value.authPasswordWo;
      this._authPasswordWoVersion = value.authPasswordWoVersion;
      this._authDomain = value.authDomain;
    }
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

  // auth_username - computed: false, optional: true, required: false
  private _authUsername?: string; 
  public get authUsername() {
    return this.getStringAttribute('auth_username');
  }
  public set authUsername(value: string) {
    this._authUsername = value;
  }
  public resetAuthUsername() {
    this._authUsername = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authUsernameInput() {
    return this._authUsername;
  }

  // auth_password - computed: false, optional: true, required: false
  private _authPassword?: string; 
  public get authPassword() {
    return this.getStringAttribute('auth_password');
  }
  public set authPassword(value: string) {
    this._authPassword = value;
  }
  public resetAuthPassword() {
    this._authPassword = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authPasswordInput() {
    return this._authPassword;
  }

  // auth_password_wo - computed: false, optional: true, required: false
  private _authPasswordWo?: string; 
  public get authPasswordWo() {
    return this.getStringAttribute('auth_password_wo');
  }
  public set authPasswordWo(value: string) {
    this._authPasswordWo = value;
  }
  public resetAuthPasswordWo() {
    this._authPasswordWo = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authPasswordWoInput() {
    return this._authPasswordWo;
  }

  // auth_password_wo_version - computed: false, optional: true, required: false
  private _authPasswordWoVersion?: number; 
  public get authPasswordWoVersion() {
    return this.getNumberAttribute('auth_password_wo_version');
  }
  public set authPasswordWoVersion(value: number) {
    this._authPasswordWoVersion = value;
  }
  public resetAuthPasswordWoVersion() {
    this._authPasswordWoVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authPasswordWoVersionInput() {
    return this._authPasswordWoVersion;
  }

  // auth_domain - computed: false, optional: true, required: false
  private _authDomain?: string; 
  public get authDomain() {
    return this.getStringAttribute('auth_domain');
  }
  public set authDomain(value: string) {
    this._authDomain = value;
  }
  public resetAuthDomain() {
    this._authDomain = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authDomainInput() {
    return this._authDomain;
  }
}
/**
* The value of `notifications` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package), as plain values.
*/
export interface EndpointGroupNotifications {
  /**
  * Address mailed when the group passes its call limit.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`over_max_call_limit`) in the dsipform package
  */
  readonly overMaxCallLimit?: string;
  /**
  * Address mailed when an endpoint fails.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`endpoint_failure`) in the dsipform package
  */
  readonly endpointFailure?: string;
}

export function endpointGroupNotificationsToTerraform(struct?: EndpointGroupNotifications | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    over_max_call_limit: cdktf.stringToTerraform(struct!.overMaxCallLimit),
    endpoint_failure: cdktf.stringToTerraform(struct!.endpointFailure),
  }
}


export function endpointGroupNotificationsToHclTerraform(struct?: EndpointGroupNotifications | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    over_max_call_limit: {
      value: cdktf.stringToHclTerraform(struct!.overMaxCallLimit),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    endpoint_failure: {
      value: cdktf.stringToHclTerraform(struct!.endpointFailure),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `notifications` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointGroupNotificationsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): EndpointGroupNotifications | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._overMaxCallLimit !== undefined) {
      hasAnyValues = true;
      internalValueResult.overMaxCallLimit = this._overMaxCallLimit;
    }
    if (this._endpointFailure !== undefined) {
      hasAnyValues = true;
      internalValueResult.endpointFailure = this._endpointFailure;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EndpointGroupNotifications | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._overMaxCallLimit = undefined;
      this._endpointFailure = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._overMaxCallLimit = value.overMaxCallLimit;
      this._endpointFailure = value.endpointFailure;
    }
  }

  // over_max_call_limit - computed: false, optional: true, required: false
  private _overMaxCallLimit?: string; 
  public get overMaxCallLimit() {
    return this.getStringAttribute('over_max_call_limit');
  }
  public set overMaxCallLimit(value: string) {
    this._overMaxCallLimit = value;
  }
  public resetOverMaxCallLimit() {
    this._overMaxCallLimit = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get overMaxCallLimitInput() {
    return this._overMaxCallLimit;
  }

  // endpoint_failure - computed: false, optional: true, required: false
  private _endpointFailure?: string; 
  public get endpointFailure() {
    return this.getStringAttribute('endpoint_failure');
  }
  public set endpointFailure(value: string) {
    this._endpointFailure = value;
  }
  public resetEndpointFailure() {
    this._endpointFailure = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get endpointFailureInput() {
    return this._endpointFailure;
  }
}
/**
* The value of `cdr` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package), as plain values.
*/
export interface EndpointGroupCdr {
  /**
  * Address the CDR report is mailed to. Required in the block (with send_interval).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`email`) in the dsipform package
  */
  readonly email?: string;
  /**
  * When it is sent, as a crontab schedule ("0 0 * * *": daily at midnight). Required in the block (with email).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`send_interval`) in the dsipform package
  */
  readonly sendInterval?: string;
}

export function endpointGroupCdrToTerraform(struct?: EndpointGroupCdr | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    email: cdktf.stringToTerraform(struct!.email),
    send_interval: cdktf.stringToTerraform(struct!.sendInterval),
  }
}


export function endpointGroupCdrToHclTerraform(struct?: EndpointGroupCdr | cdktf.IResolvable): any {
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
    send_interval: {
      value: cdktf.stringToHclTerraform(struct!.sendInterval),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `cdr` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointGroupCdrOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): EndpointGroupCdr | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._email !== undefined) {
      hasAnyValues = true;
      internalValueResult.email = this._email;
    }
    if (this._sendInterval !== undefined) {
      hasAnyValues = true;
      internalValueResult.sendInterval = this._sendInterval;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EndpointGroupCdr | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._email = undefined;
      this._sendInterval = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._email = value.email;
      this._sendInterval = value.sendInterval;
    }
  }

  // email - computed: false, optional: true, required: false
  private _email?: string; 
  public get email() {
    return this.getStringAttribute('email');
  }
  public set email(value: string) {
    this._email = value;
  }
  public resetEmail() {
    this._email = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }

  // send_interval - computed: false, optional: true, required: false
  private _sendInterval?: string; 
  public get sendInterval() {
    return this.getStringAttribute('send_interval');
  }
  public set sendInterval(value: string) {
    this._sendInterval = value;
  }
  public resetSendInterval() {
    this._sendInterval = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sendIntervalInput() {
    return this._sendInterval;
  }
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package), as plain values.
*/
export interface EndpointGroupTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_group (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function endpointGroupTimeoutsToTerraform(struct?: EndpointGroupTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    create: cdktf.stringToTerraform(struct!.create),
    update: cdktf.stringToTerraform(struct!.update),
    delete: cdktf.stringToTerraform(struct!.delete),
  }
}


export function endpointGroupTimeoutsToHclTerraform(struct?: EndpointGroupTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    create: {
      value: cdktf.stringToHclTerraform(struct!.create),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    update: {
      value: cdktf.stringToHclTerraform(struct!.update),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    delete: {
      value: cdktf.stringToHclTerraform(struct!.delete),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_group` (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointGroupTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): EndpointGroupTimeouts | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._create !== undefined) {
      hasAnyValues = true;
      internalValueResult.create = this._create;
    }
    if (this._update !== undefined) {
      hasAnyValues = true;
      internalValueResult.update = this._update;
    }
    if (this._delete !== undefined) {
      hasAnyValues = true;
      internalValueResult.delete = this._delete;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: EndpointGroupTimeouts | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._create = undefined;
      this._update = undefined;
      this._delete = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._create = value.create;
      this._update = value.update;
      this._delete = value.delete;
    }
  }

  // create - computed: false, optional: true, required: false
  private _create?: string; 
  public get create() {
    return this.getStringAttribute('create');
  }
  public set create(value: string) {
    this._create = value;
  }
  public resetCreate() {
    this._create = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get createInput() {
    return this._create;
  }

  // update - computed: false, optional: true, required: false
  private _update?: string; 
  public get update() {
    return this.getStringAttribute('update');
  }
  public set update(value: string) {
    this._update = value;
  }
  public resetUpdate() {
    this._update = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get updateInput() {
    return this._update;
  }

  // delete - computed: false, optional: true, required: false
  private _delete?: string; 
  public get delete() {
    return this.getStringAttribute('delete');
  }
  public set delete(value: string) {
    this._delete = value;
  }
  public resetDelete() {
    this._delete = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deleteInput() {
    return this._delete;
  }
}

/**
* An endpoint group: the PBX (or customer) that inbound mappings send calls to, with its endpoints, registration, call limit, number manipulation and notifications. Import by gwgroupid or by name (name:<NAME>, when no other group has it).
*
* The Terraform resource `dsiprouter_endpoint_group`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package.
*/
export class EndpointGroup extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_endpoint_group";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a EndpointGroup resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the EndpointGroup to import
  * @param importFromId The id of the existing EndpointGroup that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package
  * @param provider? Optional instance of the provider where the EndpointGroup to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_endpoint_group", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_endpoint_group` resource (docs/terraform.md#resource-dsiprouter_endpoint_group in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options EndpointGroupConfig
  */
  public constructor(scope: Construct, id: string, config: EndpointGroupConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_endpoint_group',
      terraformGeneratorMetadata: {
        providerName: 'dsiprouter',
        providerVersion: '0.1.0'
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
    this._callLimit = config.callLimit;
    this._strip = config.strip;
    this._prefix = config.prefix;
    this._endpoint.internalValue = config.endpoint;
    this._auth.internalValue = config.auth;
    this._notifications.internalValue = config.notifications;
    this._cdr.internalValue = config.cdr;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // gwgroupid - computed: true, optional: false, required: false
  public get gwgroupid() {
    return this.getNumberAttribute('gwgroupid');
  }

  // ref - computed: true, optional: false, required: false
  public get ref() {
    return this.getStringAttribute('ref');
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

  // call_limit - computed: false, optional: true, required: false
  private _callLimit?: number; 
  public get callLimit() {
    return this.getNumberAttribute('call_limit');
  }
  public set callLimit(value: number) {
    this._callLimit = value;
  }
  public resetCallLimit() {
    this._callLimit = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get callLimitInput() {
    return this._callLimit;
  }

  // strip - computed: true, optional: true, required: false
  private _strip?: number; 
  public get strip() {
    return this.getNumberAttribute('strip');
  }
  public set strip(value: number) {
    this._strip = value;
  }
  public resetStrip() {
    this._strip = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get stripInput() {
    return this._strip;
  }

  // prefix - computed: true, optional: true, required: false
  private _prefix?: string; 
  public get prefix() {
    return this.getStringAttribute('prefix');
  }
  public set prefix(value: string) {
    this._prefix = value;
  }
  public resetPrefix() {
    this._prefix = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get prefixInput() {
    return this._prefix;
  }

  // gwids - computed: true, optional: false, required: false
  public get gwids() {
    return this.getNumberListAttribute('gwids');
  }

  // endpoint - computed: false, optional: true, required: false
  private _endpoint = new EndpointGroupEndpointList(this, "endpoint", false);
  public get endpoint() {
    return this._endpoint;
  }
  public putEndpoint(value: EndpointGroupEndpoint[] | cdktf.IResolvable) {
    this._endpoint.internalValue = value;
  }
  public resetEndpoint() {
    this._endpoint.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get endpointInput() {
    return this._endpoint.internalValue;
  }

  // auth - computed: false, optional: true, required: false
  private _auth = new EndpointGroupAuthOutputReference(this, "auth");
  public get auth() {
    return this._auth;
  }
  public putAuth(value: EndpointGroupAuth) {
    this._auth.internalValue = value;
  }
  public resetAuth() {
    this._auth.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authInput() {
    return this._auth.internalValue;
  }

  // notifications - computed: false, optional: true, required: false
  private _notifications = new EndpointGroupNotificationsOutputReference(this, "notifications");
  public get notifications() {
    return this._notifications;
  }
  public putNotifications(value: EndpointGroupNotifications) {
    this._notifications.internalValue = value;
  }
  public resetNotifications() {
    this._notifications.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get notificationsInput() {
    return this._notifications.internalValue;
  }

  // cdr - computed: false, optional: true, required: false
  private _cdr = new EndpointGroupCdrOutputReference(this, "cdr");
  public get cdr() {
    return this._cdr;
  }
  public putCdr(value: EndpointGroupCdr) {
    this._cdr.internalValue = value;
  }
  public resetCdr() {
    this._cdr.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cdrInput() {
    return this._cdr.internalValue;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new EndpointGroupTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: EndpointGroupTimeouts) {
    this._timeouts.internalValue = value;
  }
  public resetTimeouts() {
    this._timeouts.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutsInput() {
    return this._timeouts.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
      call_limit: cdktf.numberToTerraform(this._callLimit),
      strip: cdktf.numberToTerraform(this._strip),
      prefix: cdktf.stringToTerraform(this._prefix),
      endpoint: cdktf.listMapper(endpointGroupEndpointToTerraform, true)(this._endpoint.internalValue),
      auth: endpointGroupAuthToTerraform(this._auth.internalValue),
      notifications: endpointGroupNotificationsToTerraform(this._notifications.internalValue),
      cdr: endpointGroupCdrToTerraform(this._cdr.internalValue),
      timeouts: endpointGroupTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      call_limit: {
        value: cdktf.numberToHclTerraform(this._callLimit),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      strip: {
        value: cdktf.numberToHclTerraform(this._strip),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      prefix: {
        value: cdktf.stringToHclTerraform(this._prefix),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      endpoint: {
        value: cdktf.listMapperHcl(endpointGroupEndpointToHclTerraform, true)(this._endpoint.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "EndpointGroupEndpointList",
      },
      auth: {
        value: endpointGroupAuthToHclTerraform(this._auth.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "EndpointGroupAuth",
      },
      notifications: {
        value: endpointGroupNotificationsToHclTerraform(this._notifications.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "EndpointGroupNotifications",
      },
      cdr: {
        value: endpointGroupCdrToHclTerraform(this._cdr.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "EndpointGroupCdr",
      },
      timeouts: {
        value: endpointGroupTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "EndpointGroupTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
