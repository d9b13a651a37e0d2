// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0, with the module 'cdktf' rewritten to 'cdktn'.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

/**
* The arguments of the Terraform data source `dsiprouter_inbound_mappings` (docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package): what `new DataDsiprouterInboundMappings(scope, id, config)` takes.
*/
export interface DataDsiprouterInboundMappingsConfig extends cdktn.TerraformMetaArguments {
}
/**
* The value of `mappings` (one element of it, when it is a list) in the Terraform data source `dsiprouter_inbound_mappings` (docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package), as plain values.
*/
export interface DataDsiprouterInboundMappingsMappings {
}

export function dataDsiprouterInboundMappingsMappingsToTerraform(struct?: DataDsiprouterInboundMappingsMappings): any {
  if (!cdktn.canInspect(struct) || cdktn.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktn.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function dataDsiprouterInboundMappingsMappingsToHclTerraform(struct?: DataDsiprouterInboundMappingsMappings): any {
  if (!cdktn.canInspect(struct) || cdktn.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktn.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

/**
* A reference to `mappings` (one element of it, when it is a list) of the Terraform data source `dsiprouter_inbound_mappings` (docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package): its attributes read as Terraform expressions.
*/
export class DataDsiprouterInboundMappingsMappingsOutputReference extends cdktn.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktn.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): DataDsiprouterInboundMappingsMappings | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataDsiprouterInboundMappingsMappings | undefined) {
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

  // did - computed: true, optional: false, required: false
  public get did() {
    return this.getStringAttribute('did');
  }

  // servers - computed: true, optional: false, required: false
  public get servers() {
    return this.getListAttribute('servers');
  }

  // notes - computed: true, optional: false, required: false
  public get notes() {
    return this.getStringAttribute('notes');
  }
}

/**
* The list `mappings` of the Terraform data source `dsiprouter_inbound_mappings` (docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package): `.get(index)` reads one element.
*/
export class DataDsiprouterInboundMappingsMappingsList extends cdktn.ComplexList {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(terraformResource: cdktn.IInterpolatingParent, terraformAttribute: string, wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet);
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): DataDsiprouterInboundMappingsMappingsOutputReference {
    return new DataDsiprouterInboundMappingsMappingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Every inbound DID mapping on the platform.
*
* The Terraform data source `dsiprouter_inbound_mappings`: every attribute and an example are in docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package.
*/
export class DataDsiprouterInboundMappings extends cdktn.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_inbound_mappings";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DataDsiprouterInboundMappings resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataDsiprouterInboundMappings to import
  * @param importFromId The id of the existing DataDsiprouterInboundMappings that should be imported. A data source is read, not imported: Terraform cannot import `dsiprouter_inbound_mappings`
  * @param provider? Optional instance of the provider where the DataDsiprouterInboundMappings to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_inbound_mappings", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_inbound_mappings` data source (docs/terraform.md#data-source-dsiprouter_inbound_mappings in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataDsiprouterInboundMappingsConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataDsiprouterInboundMappingsConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter_inbound_mappings',
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

  // mappings - computed: true, optional: false, required: false
  private _mappings = new DataDsiprouterInboundMappingsMappingsList(this, "mappings", false);
  public get mappings() {
    return this._mappings;
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
