// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0, with the module 'cdktf' rewritten to 'cdktn'.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_endpoint_lease` (docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package): what `new EndpointLease(scope, id, config)` takes.
*/
export interface EndpointLeaseConfig extends cdktn.TerraformMetaArguments {
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
}

/**
* A temporary SIP credential. The platform cannot read leases back: Terraform state is the record.
*
* The Terraform resource `dsiprouter_endpoint_lease`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_endpoint_lease in the dsipform package.
*/
export class EndpointLease extends cdktn.TerraformResource {

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
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_endpoint_lease", importId: importFromId, provider });
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

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      email: cdktn.stringToTerraform(this._email),
      ttl: cdktn.stringToTerraform(this._ttl),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      email: {
        value: cdktn.stringToHclTerraform(this._email),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      ttl: {
        value: cdktn.stringToHclTerraform(this._ttl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
