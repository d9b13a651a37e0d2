// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_outbound_route in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_outbound_route` (docs/terraform.md#data-source-dsiprouter_outbound_route in the dsipform package): what `new DataDsiprouterOutboundRoute(scope, id, config)` takes.
*/
export interface DataDsiprouterOutboundRouteConfig extends cdktf.TerraformMetaArguments {
  /**
  * The route name to look up; an error when no route or several routes have it.
  *
  * Documentation: docs/terraform.md#data-source-dsiprouter_outbound_route (`name`) in the dsipform package
  */
  readonly name: string;
}

/**
* One outbound route, looked up by name; an error when none or several have it.
*
* The Terraform data source `dsiprouter_outbound_route`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_outbound_route in the dsipform package.
*/
export class DataDsiprouterOutboundRoute extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_outbound_route";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterOutboundRoute resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterOutboundRoute to import
  * @param importFromId The id of the existing DataDsiprouterOutboundRoute that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_outbound_route`
  * @param provider? Optional instance of the provider where the DataDsiprouterOutboundRoute to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_outbound_route", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_outbound_route` data source (docs/terraform.md#data-source-dsiprouter_outbound_route in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterOutboundRouteConfig
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterOutboundRouteConfig) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_outbound_route',
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

  // ruleid - computed: true, optional: false, required: false
  public get ruleid() {
    return this.getNumberAttribute('ruleid');
  }

  // groupid - computed: true, optional: false, required: false
  public get groupid() {
    return this.getNumberAttribute('groupid');
  }

  // kind - computed: true, optional: false, required: false
  public get kind() {
    return this.getStringAttribute('kind');
  }

  // prefix - computed: true, optional: false, required: false
  public get prefix() {
    return this.getStringAttribute('prefix');
  }

  // from_prefix - computed: true, optional: false, required: false
  public get fromPrefix() {
    return this.getStringAttribute('from_prefix');
  }

  // gwgroupid - computed: true, optional: false, required: false
  public get gwgroupid() {
    return this.getStringAttribute('gwgroupid');
  }

  // priority - computed: true, optional: false, required: false
  public get priority() {
    return this.getNumberAttribute('priority');
  }

  // timerec - computed: true, optional: false, required: false
  public get timerec() {
    return this.getStringAttribute('timerec');
  }

  // routeid - computed: true, optional: false, required: false
  public get routeid() {
    return this.getStringAttribute('routeid');
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
