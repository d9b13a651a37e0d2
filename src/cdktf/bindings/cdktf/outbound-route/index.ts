// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform resource `dsiprouter_outbound_route` (docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package): what `new OutboundRoute(scope, id, config)` takes.
*/
export interface OutboundRouteConfig extends cdktf.TerraformMetaArguments {
  /**
  * Route name without ",".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`name`) in the dsipform package
  */
  readonly name: string;
  /**
  * To-prefix: characters 0-9 + # *; "" matches everything (simple routes only).
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`prefix`) in the dsipform package
  */
  readonly prefix: string;
  /**
  * Carrier-group id, not "0". Set it or carrier_group (exactly one); with carrier_group it is the id the name resolves to.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`gwgroupid`) in the dsipform package
  */
  readonly gwgroupid?: string;
  /**
  * Carrier group by name, instead of gwgroupid (exactly one of the two). Resolved against the platform's carrier groups at plan; a group created in the same apply (refer to it as dsiprouter_carrier_group.<NAME>.name) is resolved at apply. An unknown name, or a name two groups share, is an error.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`carrier_group`) in the dsipform package
  */
  readonly carrierGroup?: string;
  /**
  * From-prefix. Set (non-empty) for a least-cost-routing route; adding it promotes a simple route, removing it demotes, both in place.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`from_prefix`) in the dsipform package
  */
  readonly fromPrefix?: string;
  /**
  * Route priority. Default 0.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`priority`) in the dsipform package
  */
  readonly priority?: number;
  /**
  * Time-recurrence pattern. Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`timerec`) in the dsipform package
  */
  readonly timerec?: string;
  /**
  * Route id string. Default "".
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`routeid`) in the dsipform package
  */
  readonly routeid?: string;
  /**
  * timeouts block
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`timeouts`) in the dsipform package
  */
  readonly timeouts?: OutboundRouteTimeouts;
}
/**
* The value of `timeouts` (one element of it, when it is a list) in the Terraform resource `dsiprouter_outbound_route` (docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package), as plain values.
*/
export interface OutboundRouteTimeouts {
  /**
  * How long the create may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`create`) in the dsipform package
  */
  readonly create?: string;
  /**
  * How long the update may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`update`) in the dsipform package
  */
  readonly update?: string;
  /**
  * How long the delete may take in all, retries included, as a duration: "30s", "2m", "1h30m". Default: the provider's timeout_ms per request and the client's retry budget.
  *
  * Documentation: docs/terraform.md#resource-dsiprouter_outbound_route (`delete`) in the dsipform package
  */
  readonly delete?: string;
}

export function outboundRouteTimeoutsToTerraform(struct?: OutboundRouteTimeouts | cdktf.IResolvable): any {
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


export function outboundRouteTimeoutsToHclTerraform(struct?: OutboundRouteTimeouts | cdktf.IResolvable): any {
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
* A reference to `timeouts` (one element of it, when it is a list) of the Terraform resource `dsiprouter_outbound_route` (docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package): its attributes read as Terraform expressions.
*/
export class OutboundRouteTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): OutboundRouteTimeouts | cdktf.IResolvable | undefined {
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

  public set internalValue(value: OutboundRouteTimeouts | cdktf.IResolvable | undefined) {
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
* An outbound route, simple or least-cost-routing (LCR). Import by ruleid or by name (name:<NAME>, when no other route has it).
*
* The Terraform resource `dsiprouter_outbound_route`: every attribute, the import id and an example are in docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package.
*/
export class OutboundRoute extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter_outbound_route";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a OutboundRoute resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the OutboundRoute to import
  * @param importFromId The id of the existing OutboundRoute that should be imported. Which id: "Import" under docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package
  * @param provider? Optional instance of the provider where the OutboundRoute to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter_outbound_route", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter_outbound_route` resource (docs/terraform.md#resource-dsiprouter_outbound_route in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options OutboundRouteConfig
  */
  public constructor(scope: Construct, id: string, config: OutboundRouteConfig) {
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
    this._prefix = config.prefix;
    this._gwgroupid = config.gwgroupid;
    this._carrierGroup = config.carrierGroup;
    this._fromPrefix = config.fromPrefix;
    this._priority = config.priority;
    this._timerec = config.timerec;
    this._routeid = config.routeid;
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

  // prefix - computed: false, optional: false, required: true
  private _prefix?: string; 
  public get prefix() {
    return this.getStringAttribute('prefix');
  }
  public set prefix(value: string) {
    this._prefix = value;
  }
  // Temporarily expose input value. Use with caution.
  public get prefixInput() {
    return this._prefix;
  }

  // gwgroupid - computed: true, optional: true, required: false
  private _gwgroupid?: string; 
  public get gwgroupid() {
    return this.getStringAttribute('gwgroupid');
  }
  public set gwgroupid(value: string) {
    this._gwgroupid = value;
  }
  public resetGwgroupid() {
    this._gwgroupid = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get gwgroupidInput() {
    return this._gwgroupid;
  }

  // carrier_group - computed: false, optional: true, required: false
  private _carrierGroup?: string; 
  public get carrierGroup() {
    return this.getStringAttribute('carrier_group');
  }
  public set carrierGroup(value: string) {
    this._carrierGroup = value;
  }
  public resetCarrierGroup() {
    this._carrierGroup = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get carrierGroupInput() {
    return this._carrierGroup;
  }

  // from_prefix - computed: false, optional: true, required: false
  private _fromPrefix?: string; 
  public get fromPrefix() {
    return this.getStringAttribute('from_prefix');
  }
  public set fromPrefix(value: string) {
    this._fromPrefix = value;
  }
  public resetFromPrefix() {
    this._fromPrefix = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get fromPrefixInput() {
    return this._fromPrefix;
  }

  // priority - computed: true, optional: true, required: false
  private _priority?: number; 
  public get priority() {
    return this.getNumberAttribute('priority');
  }
  public set priority(value: number) {
    this._priority = value;
  }
  public resetPriority() {
    this._priority = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get priorityInput() {
    return this._priority;
  }

  // timerec - computed: true, optional: true, required: false
  private _timerec?: string; 
  public get timerec() {
    return this.getStringAttribute('timerec');
  }
  public set timerec(value: string) {
    this._timerec = value;
  }
  public resetTimerec() {
    this._timerec = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timerecInput() {
    return this._timerec;
  }

  // routeid - computed: true, optional: true, required: false
  private _routeid?: string; 
  public get routeid() {
    return this.getStringAttribute('routeid');
  }
  public set routeid(value: string) {
    this._routeid = value;
  }
  public resetRouteid() {
    this._routeid = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get routeidInput() {
    return this._routeid;
  }

  // groupid - computed: true, optional: false, required: false
  public get groupid() {
    return this.getNumberAttribute('groupid');
  }

  // kind - computed: true, optional: false, required: false
  public get kind() {
    return this.getStringAttribute('kind');
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new OutboundRouteTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: OutboundRouteTimeouts) {
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
      name: cdktf.stringToTerraform(this._name),
      prefix: cdktf.stringToTerraform(this._prefix),
      gwgroupid: cdktf.stringToTerraform(this._gwgroupid),
      carrier_group: cdktf.stringToTerraform(this._carrierGroup),
      from_prefix: cdktf.stringToTerraform(this._fromPrefix),
      priority: cdktf.numberToTerraform(this._priority),
      timerec: cdktf.stringToTerraform(this._timerec),
      routeid: cdktf.stringToTerraform(this._routeid),
      timeouts: outboundRouteTimeoutsToTerraform(this._timeouts.internalValue),
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
      prefix: {
        value: cdktf.stringToHclTerraform(this._prefix),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      gwgroupid: {
        value: cdktf.stringToHclTerraform(this._gwgroupid),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      carrier_group: {
        value: cdktf.stringToHclTerraform(this._carrierGroup),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      from_prefix: {
        value: cdktf.stringToHclTerraform(this._fromPrefix),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      priority: {
        value: cdktf.numberToHclTerraform(this._priority),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      timerec: {
        value: cdktf.stringToHclTerraform(this._timerec),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      routeid: {
        value: cdktf.stringToHclTerraform(this._routeid),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: outboundRouteTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "OutboundRouteTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
