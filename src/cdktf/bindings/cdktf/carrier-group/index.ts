// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package): what `new CarrierGroup(scope, id, config)` takes.
*/
export interface CarrierGroupConfig extends cdktf.TerraformMetaArguments {
  /**
  * Group name without ",". The platform does not keep names unique: give each group its own name to refer to it by name.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`name`) in the dsipform package
  */
  readonly name: string;
  /**
  * Load-balance calls across the endpoints by weight. Default false.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`lb_enabled`) in the dsipform package
  */
  readonly lbEnabled?: boolean | cdktf.IResolvable;
  /**
  * endpoint block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`endpoint`) in the dsipform package
  */
  readonly endpoint?: CarrierGroupEndpoint[] | cdktf.IResolvable;
  /**
  * auth block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth`) in the dsipform package
  */
  readonly auth?: CarrierGroupAuth;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`timeouts`) in the dsipform package
  */
  readonly timeouts?: CarrierGroupTimeouts;
}
/**
* The value of `endpoint` (one element of it, when it is a list) in the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package), as plain values.
*/
export interface CarrierGroupEndpoint {
  /**
  * Endpoint (gateway) name without ",".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`name`) in the dsipform package
  */
  readonly name: string;
  /**
  * Host name or address, with ":port" when the port is not 5060 ("sip.example.com" and "sip.example.com:5060" are the same).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`hostname`) in the dsipform package
  */
  readonly hostname: string;
  /**
  * Digits stripped from the number before it is sent. Default 0.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`strip`) in the dsipform package
  */
  readonly strip?: number;
  /**
  * Text put in front of the number before it is sent. Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`prefix`) in the dsipform package
  */
  readonly prefix?: string;
  /**
  * Load-balancing weight (with lb_enabled). Default 1.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`weight`) in the dsipform package
  */
  readonly weight?: number;
}

export function carrierGroupEndpointToTerraform(struct?: CarrierGroupEndpoint | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    hostname: cdktf.stringToTerraform(struct!.hostname),
    strip: cdktf.numberToTerraform(struct!.strip),
    prefix: cdktf.stringToTerraform(struct!.prefix),
    weight: cdktf.numberToTerraform(struct!.weight),
  }
}


export function carrierGroupEndpointToHclTerraform(struct?: CarrierGroupEndpoint | cdktf.IResolvable): any {
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
    strip: {
      value: cdktf.numberToHclTerraform(struct!.strip),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    prefix: {
      value: cdktf.stringToHclTerraform(struct!.prefix),
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
* A reference to `endpoint` (one element of it, when it is a list) of the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class CarrierGroupEndpointOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): CarrierGroupEndpoint | cdktf.IResolvable | undefined {
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
    if (this._strip !== undefined) {
      hasAnyValues = true;
      internalValueResult.strip = this._strip;
    }
    if (this._prefix !== undefined) {
      hasAnyValues = true;
      internalValueResult.prefix = this._prefix;
    }
    if (this._weight !== undefined) {
      hasAnyValues = true;
      internalValueResult.weight = this._weight;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: CarrierGroupEndpoint | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._hostname = undefined;
      this._strip = undefined;
      this._prefix = undefined;
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
      this._strip = value.strip;
      this._prefix = value.prefix;
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
* The list `endpoint` of the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package): `.get(index)` reads one element.
*/
export class CarrierGroupEndpointList extends cdktf.ComplexList {
  public internalValue? : CarrierGroupEndpoint[] | cdktf.IResolvable

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
  public get(index: number): CarrierGroupEndpointOutputReference {
    return new CarrierGroupEndpointOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
/**
* The value of `auth` (one element of it, when it is a list) in the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package), as plain values.
*/
export interface CarrierGroupAuth {
  /**
  * "userpwd" (register with a username and password) or "ip" (by address, no credentials).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`type`) in the dsipform package
  */
  readonly type: string;
  /**
  * Registration username.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`r_username`) in the dsipform package
  */
  readonly rUsername?: string;
  /**
  * Authentication username.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_username`) in the dsipform package
  */
  readonly authUsername?: string;
  /**
  * Authentication password. Hidden in plans and logs, but stored in the Terraform state (and in a saved plan) like every attribute: use auth_password_wo with Terraform 1.11 or later to keep it out of both.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_password`) in the dsipform package
  */
  readonly authPassword?: string;
  /**
  * Authentication password, write-only (Terraform 1.11 or later): sent to the platform on create and on every update, never stored in the plan or the state. Terraform cannot compare it, so change auth_password_wo_version to send a new one. Give it from an ephemeral variable (ephemeral = true) or an ephemeral resource so the value stays out of saved plans too. Conflicts with auth_password.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_password_wo`) in the dsipform package
  */
  readonly authPasswordWo?: string;
  /**
  * Any number, stored in the state: change it (e.g. 1 to 2) to send the current auth_password_wo to the platform. Only with auth_password_wo.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_password_wo_version`) in the dsipform package
  */
  readonly authPasswordWoVersion?: number;
  /**
  * Authentication domain.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_domain`) in the dsipform package
  */
  readonly authDomain?: string;
  /**
  * Outbound proxy for the registration.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`auth_proxy`) in the dsipform package
  */
  readonly authProxy?: string;
}

export function carrierGroupAuthToTerraform(struct?: CarrierGroupAuth | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    type: cdktf.stringToTerraform(struct!.type),
    r_username: cdktf.stringToTerraform(struct!.rUsername),
    auth_username: cdktf.stringToTerraform(struct!.authUsername),
    auth_password: cdktf.stringToTerraform(struct!.authPassword),
    auth_password_wo: cdktf.stringToTerraform(struct!.authPasswordWo),
    auth_password_wo_version: cdktf.numberToTerraform(struct!.authPasswordWoVersion),
    auth_domain: cdktf.stringToTerraform(struct!.authDomain),
    auth_proxy: cdktf.stringToTerraform(struct!.authProxy),
  }
}


export function carrierGroupAuthToHclTerraform(struct?: CarrierGroupAuth | cdktf.IResolvable): any {
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
    r_username: {
      value: cdktf.stringToHclTerraform(struct!.rUsername),
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
    auth_proxy: {
      value: cdktf.stringToHclTerraform(struct!.authProxy),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

/**
* A reference to `auth` (one element of it, when it is a list) of the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class CarrierGroupAuthOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): CarrierGroupAuth | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._type !== undefined) {
      hasAnyValues = true;
      internalValueResult.type = this._type;
    }
    if (this._rUsername !== undefined) {
      hasAnyValues = true;
      internalValueResult.rUsername = this._rUsername;
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
    if (this._authProxy !== undefined) {
      hasAnyValues = true;
      internalValueResult.authProxy = this._authProxy;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: CarrierGroupAuth | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._type = undefined;
      this._rUsername = undefined;
      this._authUsername = undefined;
      this._authPassword = undefined;
      this._authPasswordWo = undefined;
      this._authPasswordWoVersion = undefined;
      this._authDomain = undefined;
      this._authProxy = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._type = value.type;
      this._rUsername = value.rUsername;
      this._authUsername = value.authUsername;
      this._authPassword = value.authPassword;
      this._authPasswordWo = value.authPasswordWo;
      this._authPasswordWoVersion = value.authPasswordWoVersion;
      this._authDomain = value.authDomain;
      this._authProxy = value.authProxy;
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

  // r_username - computed: false, optional: true, required: false
  private _rUsername?: string; 
  public get rUsername() {
    return this.getStringAttribute('r_username');
  }
  public set rUsername(value: string) {
    this._rUsername = value;
  }
  public resetRUsername() {
    this._rUsername = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rUsernameInput() {
    return this._rUsername;
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

  // auth_proxy - computed: false, optional: true, required: false
  private _authProxy?: string; 
  public get authProxy() {
    return this.getStringAttribute('auth_proxy');
  }
  public set authProxy(value: string) {
    this._authProxy = value;
  }
  public resetAuthProxy() {
    this._authProxy = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authProxyInput() {
    return this._authProxy;
  }
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package), as plain values.
*/
export interface CarrierGroupTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_carrier_group (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function carrierGroupTimeoutsToTerraform(struct?: CarrierGroupTimeouts | cdktf.IResolvable): any {
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


export function carrierGroupTimeoutsToHclTerraform(struct?: CarrierGroupTimeouts | cdktf.IResolvable): any {
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
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_carrier_group` (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package): its attributes read as Terraform expressions.
*/
export class CarrierGroupTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): CarrierGroupTimeouts | cdktf.IResolvable | undefined {
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

  public set internalValue(value: CarrierGroupTimeouts | cdktf.IResolvable | undefined) {
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
* A carrier group: a list of gateways (endpoints) that outbound routes and inbound mappings send calls to. Import by gwgroupid or by name (name:<NAME>, when no other group has it).
*
* The Terraform resource `dsiprouter_carrier_group`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package.
*/
export class CarrierGroup extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_carrier_group";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a CarrierGroup resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the CarrierGroup to import
  * @param importFromId The id of the existing CarrierGroup that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package
  * @param provider? Optional instance of the provider where the CarrierGroup to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_carrier_group", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_carrier_group` resource (docs/terraform.md#resource-dsiprouter_carrier_group in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options CarrierGroupConfig
  */
  public constructor(scope: Construct, id: string, config: CarrierGroupConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_carrier_group',
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
    this._lbEnabled = config.lbEnabled;
    this._endpoint.internalValue = config.endpoint;
    this._auth.internalValue = config.auth;
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

  // lb_enabled - computed: true, optional: true, required: false
  private _lbEnabled?: boolean | cdktf.IResolvable; 
  public get lbEnabled() {
    return this.getBooleanAttribute('lb_enabled');
  }
  public set lbEnabled(value: boolean | cdktf.IResolvable) {
    this._lbEnabled = value;
  }
  public resetLbEnabled() {
    this._lbEnabled = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get lbEnabledInput() {
    return this._lbEnabled;
  }

  // gwids - computed: true, optional: false, required: false
  public get gwids() {
    return this.getNumberListAttribute('gwids');
  }

  // endpoint - computed: false, optional: true, required: false
  private _endpoint = new CarrierGroupEndpointList(this, "endpoint", false);
  public get endpoint() {
    return this._endpoint;
  }
  public putEndpoint(value: CarrierGroupEndpoint[] | cdktf.IResolvable) {
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
  private _auth = new CarrierGroupAuthOutputReference(this, "auth");
  public get auth() {
    return this._auth;
  }
  public putAuth(value: CarrierGroupAuth) {
    this._auth.internalValue = value;
  }
  public resetAuth() {
    this._auth.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get authInput() {
    return this._auth.internalValue;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new CarrierGroupTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: CarrierGroupTimeouts) {
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
      lb_enabled: cdktf.booleanToTerraform(this._lbEnabled),
      endpoint: cdktf.listMapper(carrierGroupEndpointToTerraform, true)(this._endpoint.internalValue),
      auth: carrierGroupAuthToTerraform(this._auth.internalValue),
      timeouts: carrierGroupTimeoutsToTerraform(this._timeouts.internalValue),
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
      lb_enabled: {
        value: cdktf.booleanToHclTerraform(this._lbEnabled),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      endpoint: {
        value: cdktf.listMapperHcl(carrierGroupEndpointToHclTerraform, true)(this._endpoint.internalValue),
        isBlock: true,
        type: "list",
        storageClassType: "CarrierGroupEndpointList",
      },
      auth: {
        value: carrierGroupAuthToHclTerraform(this._auth.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "CarrierGroupAuth",
      },
      timeouts: {
        value: carrierGroupTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "CarrierGroupTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
