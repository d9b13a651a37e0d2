// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0, with the module 'cdktf' rewritten to 'cdktn'.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// https://registry.terraform.io/providers/dsipform/dsiprouter/0.1.0/docs/data-sources/outbound_route
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

export interface DataDsiprouterOutboundRouteConfig extends cdktn.TerraformMetaArguments {
  /**
  * The route name to look up; an error when no route or several routes have it.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/dsipform/dsiprouter/0.1.0/docs/data-sources/outbound_route#name DataDsiprouterOutboundRoute#name}
  */
  readonly name: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/dsipform/dsiprouter/0.1.0/docs/data-sources/outbound_route dsiprouter_outbound_route}
*/
export class DataDsiprouterOutboundRoute extends cdktn.TerraformDataSource {

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
  * @param importFromId The id of the existing DataDsiprouterOutboundRoute that should be imported. Refer to the {@link https://registry.terraform.io/providers/dsipform/dsiprouter/0.1.0/docs/data-sources/outbound_route#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataDsiprouterOutboundRoute to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_outbound_route", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/dsipform/dsiprouter/0.1.0/docs/data-sources/outbound_route dsiprouter_outbound_route} Data Source
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
      name: cdktn.stringToTerraform(this._name),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      name: {
        value: cdktn.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
