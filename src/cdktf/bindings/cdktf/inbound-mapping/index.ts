// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_inbound_mapping` (docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package): what `new InboundMapping(scope, id, config)` takes.
*/
export interface InboundMappingConfig extends cdktf.TerraformMetaArguments {
  /**
  * The dialled number: characters 0-9 + # *; "" is the default, catch-all mapping. Changing it renames the mapping in place.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`did`) in the dsipform package
  */
  readonly did: string;
  /**
  * 1 or 2 servers, primary then secondary: gateway ids ("66") or groups ("#22"). Set it or group (exactly one); with group it is ["#<id>"].
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`servers`) in the dsipform package
  */
  readonly servers?: string[];
  /**
  * An endpoint group or carrier group by name, instead of servers (exactly one of the two): the mapping sends to "#<id>". Resolved at plan; a carrier group created in the same apply is resolved at apply. An unknown name, or a name two groups share, is an error.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`group`) in the dsipform package
  */
  readonly group?: string;
  /**
  * Free-text note without ",". Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`notes`) in the dsipform package
  */
  readonly notes?: string;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`timeouts`) in the dsipform package
  */
  readonly timeouts?: InboundMappingTimeouts;
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_inbound_mapping` (docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package), as plain values.
*/
export interface InboundMappingTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function inboundMappingTimeoutsToTerraform(struct?: InboundMappingTimeouts | cdktf.IResolvable): any {
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


export function inboundMappingTimeoutsToHclTerraform(struct?: InboundMappingTimeouts | cdktf.IResolvable): any {
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
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_inbound_mapping` (docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package): its attributes read as Terraform expressions.
*/
export class InboundMappingTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): InboundMappingTimeouts | cdktf.IResolvable | undefined {
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

  public set internalValue(value: InboundMappingTimeouts | cdktf.IResolvable | undefined) {
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
* An inbound DID mapping: a DID and the servers (or group) that take its calls. Import by ruleid or by DID (did:<DID>).
*
* The Terraform resource `dsiprouter_inbound_mapping`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package.
*/
export class InboundMapping extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_inbound_mapping";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a InboundMapping resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the InboundMapping to import
  * @param importFromId The id of the existing InboundMapping that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package
  * @param provider? Optional instance of the provider where the InboundMapping to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_inbound_mapping", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_inbound_mapping` resource (docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options InboundMappingConfig
  */
  public constructor(scope: Construct, id: string, config: InboundMappingConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_inbound_mapping',
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
    this._servers = config.servers;
    this._group = config.group;
    this._notes = config.notes;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // ruleid - computed: true, optional: false, required: false
  public get ruleid() {
    return this.getNumberAttribute('ruleid');
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

  // servers - computed: true, optional: true, required: false
  private _servers?: string[]; 
  public get servers() {
    return this.getListAttribute('servers');
  }
  public set servers(value: string[]) {
    this._servers = value;
  }
  public resetServers() {
    this._servers = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get serversInput() {
    return this._servers;
  }

  // group - computed: false, optional: true, required: false
  private _group?: string; 
  public get group() {
    return this.getStringAttribute('group');
  }
  public set group(value: string) {
    this._group = value;
  }
  public resetGroup() {
    this._group = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get groupInput() {
    return this._group;
  }

  // notes - computed: true, optional: true, required: false
  private _notes?: string; 
  public get notes() {
    return this.getStringAttribute('notes');
  }
  public set notes(value: string) {
    this._notes = value;
  }
  public resetNotes() {
    this._notes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get notesInput() {
    return this._notes;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new InboundMappingTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: InboundMappingTimeouts) {
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
      servers: cdktf.listMapper(cdktf.stringToTerraform, false)(this._servers),
      group: cdktf.stringToTerraform(this._group),
      notes: cdktf.stringToTerraform(this._notes),
      timeouts: inboundMappingTimeoutsToTerraform(this._timeouts.internalValue),
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
      servers: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._servers),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      group: {
        value: cdktf.stringToHclTerraform(this._group),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      notes: {
        value: cdktf.stringToHclTerraform(this._notes),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: inboundMappingTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "InboundMappingTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
