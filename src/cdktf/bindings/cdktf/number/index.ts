// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_number in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_number` (docs/terraform.md#resource-dsiprouter_number in the dsipform package): what `new Number(scope, id, config)` takes.
*/
export interface NumberConfig extends cdktf.TerraformMetaArguments {
  /**
  * The number (0-9 + # *, at most 64 characters), kept as written, a leading "+" included. The platform takes "+15557770001" and "15557770001" for one number: changing one to the other is an update in place.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`did`) in the dsipform package
  */
  readonly did: string;
  /**
  * "available", "reserved" or "assigned". Left out: none. Writing a number "available" makes the platform empty the inbound mapping of its DID (servers wiped, renamed to the DID); creating a mapping with servers marks its number "assigned".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`status`) in the dsipform package
  */
  readonly status?: string;
  /**
  * Carrier, text of at most 128 characters. Left out: none.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`carrier`) in the dsipform package
  */
  readonly carrier?: string;
  /**
  * Pool, text of at most 128 characters. Left out: none.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`pool`) in the dsipform package
  */
  readonly pool?: string;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`timeouts`) in the dsipform package
  */
  readonly timeouts?: NumberTimeouts;
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_number` (docs/terraform.md#resource-dsiprouter_number in the dsipform package), as plain values.
*/
export interface NumberTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_number (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function numberTimeoutsToTerraform(struct?: NumberTimeouts | cdktf.IResolvable): any {
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


export function numberTimeoutsToHclTerraform(struct?: NumberTimeouts | cdktf.IResolvable): any {
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
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_number` (docs/terraform.md#resource-dsiprouter_number in the dsipform package): its attributes read as Terraform expressions.
*/
export class NumberTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): NumberTimeouts | cdktf.IResolvable | undefined {
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

  public set internalValue(value: NumberTimeouts | cdktf.IResolvable | undefined) {
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
* A number of the platform's DID inventory (its Numbers module, release 0.79 and later: api_profile "current"). Import by id or by DID (did:<DID>).
*
* The Terraform resource `dsiprouter_number`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_number in the dsipform package.
*/
export class Number extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_number";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Number resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Number to import
  * @param importFromId The id of the existing Number that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_number in the dsipform package
  * @param provider? Optional instance of the provider where the Number to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_number", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_number` resource (docs/terraform.md#resource-dsiprouter_number in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options NumberConfig
  */
  public constructor(scope: Construct, id: string, config: NumberConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_number',
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
    this._did = config.did;
    this._status = config.status;
    this._carrier = config.carrier;
    this._pool = config.pool;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // number_id - computed: true, optional: false, required: false
  public get numberId() {
    return this.getNumberAttribute('number_id');
  }

  // did - computed: false, optional: false, required: true
  private _did?: string; 
  public get did() {
    return this.getStringAttribute('did');
  }
  public set did(value: string) {
    this._did = value;
  }
  // Temporarily expose input value. Use with caution.
  public get didInput() {
    return this._did;
  }

  // status - computed: false, optional: true, required: false
  private _status?: string; 
  public get status() {
    return this.getStringAttribute('status');
  }
  public set status(value: string) {
    this._status = value;
  }
  public resetStatus() {
    this._status = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusInput() {
    return this._status;
  }

  // carrier - computed: false, optional: true, required: false
  private _carrier?: string; 
  public get carrier() {
    return this.getStringAttribute('carrier');
  }
  public set carrier(value: string) {
    this._carrier = value;
  }
  public resetCarrier() {
    this._carrier = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get carrierInput() {
    return this._carrier;
  }

  // pool - computed: false, optional: true, required: false
  private _pool?: string; 
  public get pool() {
    return this.getStringAttribute('pool');
  }
  public set pool(value: string) {
    this._pool = value;
  }
  public resetPool() {
    this._pool = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get poolInput() {
    return this._pool;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new NumberTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: NumberTimeouts) {
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
      did: cdktf.stringToTerraform(this._did),
      status: cdktf.stringToTerraform(this._status),
      carrier: cdktf.stringToTerraform(this._carrier),
      pool: cdktf.stringToTerraform(this._pool),
      timeouts: numberTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      did: {
        value: cdktf.stringToHclTerraform(this._did),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      status: {
        value: cdktf.stringToHclTerraform(this._status),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      carrier: {
        value: cdktf.stringToHclTerraform(this._carrier),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      pool: {
        value: cdktf.stringToHclTerraform(this._pool),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: numberTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "NumberTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
