// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_carrier_group in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_carrier_group` (docs/terraform.md#data-source-dsiprouter_carrier_group in the dsipform package): what `new DataDsiprouterCarrierGroup(scope, id, config)` takes.
*/
export interface DataDsiprouterCarrierGroupConfig extends cdktf.TerraformMetaArguments {
  /**
  * The carrier group name to look up; an error when no carrier group or several have it.
  *
  * Documentation: docs/terraform.md#data-source-dsiprouter_carrier_group (`name`) in the dsipform package
  */
  readonly name: string;
}

/**
* One carrier group, looked up by its name.
*
* The Terraform data source `dsiprouter_carrier_group`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_carrier_group in the dsipform package.
*/
export class DataDsiprouterCarrierGroup extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_carrier_group";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterCarrierGroup resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterCarrierGroup to import
  * @param importFromId The id of the existing DataDsiprouterCarrierGroup that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_carrier_group`
  * @param provider? Optional instance of the provider where the DataDsiprouterCarrierGroup to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_carrier_group", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_carrier_group` data source (docs/terraform.md#data-source-dsiprouter_carrier_group in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterCarrierGroupConfig
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterCarrierGroupConfig) {
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
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
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

  // gwgroupid - computed: true, optional: false, required: false
  public get gwgroupid() {
    return this.getNumberAttribute('gwgroupid');
  }

  // ref - computed: true, optional: false, required: false
  public get ref() {
    return this.getStringAttribute('ref');
  }

  // gwids - computed: true, optional: false, required: false
  public get gwids() {
    return this.getNumberListAttribute('gwids');
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      name: cdktf.stringToTerraform(this._name),
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
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
