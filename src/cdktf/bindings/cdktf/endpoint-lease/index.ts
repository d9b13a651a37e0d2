// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_endpoint_lease` (docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package): what `new EndpointLease(scope, id, config)` takes.
*/
export interface EndpointLeaseConfig extends cdktf.TerraformMetaArguments {
  /**
  * Contact address for the lease. Changing it replaces the lease.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`email`) in the dsipform package
  */
  readonly email: string;
  /**
  * Time to live: seconds ("900") or "<n>s", "<n>m", "<n>h". Changing it replaces the lease.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`ttl`) in the dsipform package
  */
  readonly ttl: string;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`timeouts`) in the dsipform package
  */
  readonly timeouts?: EndpointLeaseTimeouts;
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_endpoint_lease` (docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package), as plain values.
*/
export interface EndpointLeaseTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function endpointLeaseTimeoutsToTerraform(struct?: EndpointLeaseTimeouts | cdktf.IResolvable): any {
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


export function endpointLeaseTimeoutsToHclTerraform(struct?: EndpointLeaseTimeouts | cdktf.IResolvable): any {
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
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_endpoint_lease` (docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package): its attributes read as Terraform expressions.
*/
export class EndpointLeaseTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): EndpointLeaseTimeouts | cdktf.IResolvable | undefined {
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

  public set internalValue(value: EndpointLeaseTimeouts | cdktf.IResolvable | undefined) {
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
* A temporary SIP credential, obtained on create and revoked on destroy. The platform cannot read a lease back: Terraform state is the record (the password included), and a lease cannot be imported.
*
* The Terraform resource `dsiprouter_endpoint_lease`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package.
*/
export class EndpointLease extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_endpoint_lease";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a EndpointLease resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the EndpointLease to import
  * @param importFromId The id of the existing EndpointLease that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package
  * @param provider? Optional instance of the provider where the EndpointLease to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_endpoint_lease", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_endpoint_lease` resource (docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options EndpointLeaseConfig
  */
  public constructor(scope: Construct, id: string, config: EndpointLeaseConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_endpoint_lease',
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
    this._email = config.email;
    this._ttl = config.ttl;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
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

  // ttl - computed: false, optional: false, required: true
  private _ttl?: string; 
  public get ttl() {
    return this.getStringAttribute('ttl');
  }
  public set ttl(value: string) {
    this._ttl = value;
  }
  // Temporarily expose input value. Use with caution.
  public get ttlInput() {
    return this._ttl;
  }

  // lease_id - computed: true, optional: false, required: false
  public get leaseId() {
    return this.getNumberAttribute('lease_id');
  }

  // username - computed: true, optional: false, required: false
  public get username() {
    return this.getStringAttribute('username');
  }

  // domain - computed: true, optional: false, required: false
  public get domain() {
    return this.getStringAttribute('domain');
  }

  // password - computed: true, optional: false, required: false
  public get password() {
    return this.getStringAttribute('password');
  }

  // expires_at - computed: true, optional: false, required: false
  public get expiresAt() {
    return this.getStringAttribute('expires_at');
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new EndpointLeaseTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: EndpointLeaseTimeouts) {
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
      email: cdktf.stringToTerraform(this._email),
      ttl: cdktf.stringToTerraform(this._ttl),
      timeouts: endpointLeaseTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      email: {
        value: cdktf.stringToHclTerraform(this._email),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      ttl: {
        value: cdktf.stringToHclTerraform(this._ttl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: endpointLeaseTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "EndpointLeaseTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
