// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_proxy_stats in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_proxy_stats` (docs/terraform.md#data-source-dsiprouter_proxy_stats in the dsipform package): what `new DataDsiprouterProxyStats(scope, id, config)` takes.
*/
export interface DataDsiprouterProxyStatsConfig extends cdktf.TerraformMetaArguments {
}

/**
* The proxy's transaction counters.
*
* The Terraform data source `dsiprouter_proxy_stats`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_proxy_stats in the dsipform package.
*/
export class DataDsiprouterProxyStats extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_proxy_stats";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterProxyStats resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterProxyStats to import
  * @param importFromId The id of the existing DataDsiprouterProxyStats that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_proxy_stats`
  * @param provider? Optional instance of the provider where the DataDsiprouterProxyStats to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_proxy_stats", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_proxy_stats` data source (docs/terraform.md#data-source-dsiprouter_proxy_stats in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterProxyStatsConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterProxyStatsConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_proxy_stats',
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
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // counters - computed: true, optional: false, required: false
  private _counters = new cdktf.NumberMap(this, "counters");
  public get counters() {
    return this._counters;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
    };
    return attrs;
  }
}
