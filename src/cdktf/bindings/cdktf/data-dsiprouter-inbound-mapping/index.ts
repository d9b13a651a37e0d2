// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_inbound_mapping in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_inbound_mapping` (docs/terraform.md#data-source-dsiprouter_inbound_mapping in the dsipform package): what `new DataDsiprouterInboundMapping(scope, id, config)` takes.
*/
export interface DataDsiprouterInboundMappingConfig extends cdktf.TerraformMetaArguments {
  /**
  * The DID to look up: characters 0-9 + # *; "" is the default mapping.
  *
  * Documentation: docs/terraform.md#data-source-dsiprouter_inbound_mapping (`did`) in the dsipform package
  */
  readonly did: string;
}

/**
* One inbound DID mapping, looked up by DID; an error when the platform has none.
*
* The Terraform data source `dsiprouter_inbound_mapping`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_inbound_mapping in the dsipform package.
*/
export class DataDsiprouterInboundMapping extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_inbound_mapping";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterInboundMapping resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterInboundMapping to import
  * @param importFromId The id of the existing DataDsiprouterInboundMapping that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_inbound_mapping`
  * @param provider? Optional instance of the provider where the DataDsiprouterInboundMapping to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_inbound_mapping", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_inbound_mapping` data source (docs/terraform.md#data-source-dsiprouter_inbound_mapping in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterInboundMappingConfig
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterInboundMappingConfig) {
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
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
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

  // ruleid - computed: true, optional: false, required: false
  public get ruleid() {
    return this.getNumberAttribute('ruleid');
  }

  // servers - computed: true, optional: false, required: false
  public get servers() {
    return this.getListAttribute('servers');
  }

  // notes - computed: true, optional: false, required: false
  public get notes() {
    return this.getStringAttribute('notes');
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      did: cdktf.stringToTerraform(this._did),
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
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
