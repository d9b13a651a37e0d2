// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0, with the module 'cdktf' rewritten to 'cdktn'.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_inbound_mapping` (docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package): what `new InboundMapping(scope, id, config)` takes.
*/
export interface InboundMappingConfig extends cdktn.TerraformMetaArguments {
  /**
  * The dialled number: characters 0-9 + # *; "" is the default, catch-all mapping. Changing it renames the mapping in place.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`did`) in the dsipform package
  */
  readonly did: string;
  /**
  * 1 or 2 servers, primary then secondary: gateway ids ("66") or carrier groups ("#22").
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`servers`) in the dsipform package
  */
  readonly servers: string[];
  /**
  * Free-text note without ",". Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_inbound_mapping (`notes`) in the dsipform package
  */
  readonly notes?: string;
}

/**
* An inbound DID mapping. Import by ruleid (terraform import ... 7) or by DID (did:<DID>).
*
* The Terraform resource `dsiprouter_inbound_mapping`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_inbound_mapping in the dsipform package.
*/
export class InboundMapping extends cdktn.TerraformResource {

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
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_inbound_mapping", importId: importFromId, provider });
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
    this._notes = config.notes;
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

  // servers - computed: false, optional: false, required: true
  private _servers?: string[]; 
  public get servers() {
    return this.getListAttribute('servers');
  }
  public set servers(value: string[]) {
    this._servers = value;
  }
  // Temporarily expose input value. Use with caution.
  public get serversInput() {
    return this._servers;
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

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      did: cdktn.stringToTerraform(this._did),
      servers: cdktn.listMapper(cdktn.stringToTerraform, false)(this._servers),
      notes: cdktn.stringToTerraform(this._notes),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      did: {
        value: cdktn.stringToHclTerraform(this._did),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      servers: {
        value: cdktn.listMapperHcl(cdktn.stringToHclTerraform, false)(this._servers),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      notes: {
        value: cdktn.stringToHclTerraform(this._notes),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
