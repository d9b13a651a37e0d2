// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_outbound_routes` (docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package): what `new DataDsiprouterOutboundRoutes(scope, id, config)` takes.
*/
export interface DataDsiprouterOutboundRoutesConfig extends cdktf.TerraformMetaArguments {
}
/**
* The value of `routes` (one element of it, when it is a list) in the Terraform data source `dsiprouter_outbound_routes` (docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package), as plain values.
*/
export interface DataDsiprouterOutboundRoutesRoutes {
}

export function dataDsiprouterOutboundRoutesRoutesToTerraform(struct?: DataDsiprouterOutboundRoutesRoutes): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataDsiprouterOutboundRoutesRoutesToHclTerraform(struct?: DataDsiprouterOutboundRoutesRoutes): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

/**
* A reference to `routes` (one element of it, when it is a list) of the Terraform data source `dsiprouter_outbound_routes` (docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package): its attributes read as Terraform expressions.
*/
export class DataDsiprouterOutboundRoutesRoutesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): DataDsiprouterOutboundRoutesRoutes | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataDsiprouterOutboundRoutesRoutes | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
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

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
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
}

/**
* The list `routes` of the Terraform data source `dsiprouter_outbound_routes` (docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package): `.get(index)` reads one element.
*/
export class DataDsiprouterOutboundRoutesRoutesList extends cdktf.ComplexList {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet);
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): DataDsiprouterOutboundRoutesRoutesOutputReference {
    return new DataDsiprouterOutboundRoutesRoutesOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Every outbound route on the platform, simple and LCR.
*
* The Terraform data source `dsiprouter_outbound_routes`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package.
*/
export class DataDsiprouterOutboundRoutes extends cdktf.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_outbound_routes";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterOutboundRoutes resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterOutboundRoutes to import
  * @param importFromId The id of the existing DataDsiprouterOutboundRoutes that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_outbound_routes`
  * @param provider? Optional instance of the provider where the DataDsiprouterOutboundRoutes to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_outbound_routes", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_outbound_routes` data source (docs/terraform.md#data-source-dsiprouter_outbound_routes in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterOutboundRoutesConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterOutboundRoutesConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_outbound_routes',
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

  // routes - computed: true, optional: false, required: false
  private _routes = new DataDsiprouterOutboundRoutesRoutesList(this, "routes", false);
  public get routes() {
    return this._routes;
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
