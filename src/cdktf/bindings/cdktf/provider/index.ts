// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
// Documentation: docs/terraform.md#provider in the dsipform package
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

/**
* The arguments of the Terraform provider `dsiprouter` (docs/terraform.md#provider in the dsipform package): what `new DsiprouterProvider(scope, id, config)` takes.
*/
export interface DsiprouterProviderConfig {
  /**
  * Platform base URL, e.g. https://sip.example.com:5000 (the provider appends /api/v1). Default: the DSIP_URL environment variable.
  *
  * Documentation: docs/terraform.md#provider (`url`) in the dsipform package
  */
  readonly url?: string;
  /**
  * API token. Default: the DSIP_TOKEN environment variable.
  *
  * Documentation: docs/terraform.md#provider (`token`) in the dsipform package
  */
  readonly token?: string;
  /**
  * PEM file of the CA to trust for HTTPS. Default: DSIP_CA.
  *
  * Documentation: docs/terraform.md#provider (`ca_file`) in the dsipform package
  */
  readonly caFile?: string;
  /**
  * Skip TLS verification (self-signed installs). Default: DSIP_INSECURE=1.
  *
  * Documentation: docs/terraform.md#provider (`insecure`) in the dsipform package
  */
  readonly insecure?: boolean | cdktf.IResolvable;
  /**
  * Reload the proxy after the applies that wrote anything (a failed reload fails the apply). Default true.
  *
  * Documentation: docs/terraform.md#provider (`reload`) in the dsipform package
  */
  readonly reload?: boolean | cdktf.IResolvable;
  /**
  * Plan a mapping or route whose group or gateway the platform does not have (or whose group holds no gateway) with a warning instead of an error: the proxy drops such a rule until the group or gateway exists. For a group or gateway made outside Terraform later, on purpose (dsipform's --allow-dangling). Default false.
  *
  * Documentation: docs/terraform.md#provider (`allow_dangling`) in the dsipform package
  */
  readonly allowDangling?: boolean | cdktf.IResolvable;
  /**
  * Per-request timeout in milliseconds, a whole number from 1 to 600000. Default 30000.
  *
  * Documentation: docs/terraform.md#provider (`timeout_ms`) in the dsipform package
  */
  readonly timeoutMs?: number;
  /**
  * The platform API: "spec", "current" (the deployed releases 0.7x-0.79), or "auto" (detect; the default). Default: DSIP_API_PROFILE.
  *
  * Documentation: docs/terraform.md#provider (`api_profile`) in the dsipform package
  */
  readonly apiProfile?: string;
  /**
  * Alias name
  *
  * Documentation: docs/terraform.md#provider (`alias`) in the dsipform package
  */
  readonly alias?: string;
}

/**
* Manages a dSIPRouter platform through its management API: inbound DID mappings, outbound routes, carrier groups and endpoint leases.
*
* The Terraform provider `dsiprouter`: every attribute and an example are in docs/terraform.md#provider in the dsipform package.
*/
export class DsiprouterProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "dsiprouter";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a DsiprouterProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DsiprouterProvider to import
  * @param importFromId The id of the existing DsiprouterProvider that should be imported. A provider is read, not imported: Terraform cannot import `dsiprouter`
  * @param provider? Optional instance of the provider where the DsiprouterProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "dsiprouter", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new `dsiprouter` provider (docs/terraform.md#provider in the dsipform package)
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DsiprouterProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DsiprouterProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'dsiprouter',
      terraformGeneratorMetadata: {
        providerName: 'dsiprouter',
        providerVersion: '0.1.0'
      },
      terraformProviderSource: 'registry.terraform.io/dsipform/dsiprouter'
    });
    this._url = config.url;
    this._token = config.token;
    this._caFile = config.caFile;
    this._insecure = config.insecure;
    this._reload = config.reload;
    this._allowDangling = config.allowDangling;
    this._timeoutMs = config.timeoutMs;
    this._apiProfile = config.apiProfile;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // url - computed: false, optional: true, required: false
  private _url?: string; 
  public get url() {
    return this._url;
  }
  public set url(value: string | undefined) {
    this._url = value;
  }
  public resetUrl() {
    this._url = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get urlInput() {
    return this._url;
  }

  // token - computed: false, optional: true, required: false
  private _token?: string; 
  public get token() {
    return this._token;
  }
  public set token(value: string | undefined) {
    this._token = value;
  }
  public resetToken() {
    this._token = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tokenInput() {
    return this._token;
  }

  // ca_file - computed: false, optional: true, required: false
  private _caFile?: string; 
  public get caFile() {
    return this._caFile;
  }
  public set caFile(value: string | undefined) {
    this._caFile = value;
  }
  public resetCaFile() {
    this._caFile = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get caFileInput() {
    return this._caFile;
  }

  // insecure - computed: false, optional: true, required: false
  private _insecure?: boolean | cdktf.IResolvable; 
  public get insecure() {
    return this._insecure;
  }
  public set insecure(value: boolean | cdktf.IResolvable | undefined) {
    this._insecure = value;
  }
  public resetInsecure() {
    this._insecure = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get insecureInput() {
    return this._insecure;
  }

  // reload - computed: false, optional: true, required: false
  private _reload?: boolean | cdktf.IResolvable; 
  public get reload() {
    return this._reload;
  }
  public set reload(value: boolean | cdktf.IResolvable | undefined) {
    this._reload = value;
  }
  public resetReload() {
    this._reload = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get reloadInput() {
    return this._reload;
  }

  // allow_dangling - computed: false, optional: true, required: false
  private _allowDangling?: boolean | cdktf.IResolvable; 
  public get allowDangling() {
    return this._allowDangling;
  }
  public set allowDangling(value: boolean | cdktf.IResolvable | undefined) {
    this._allowDangling = value;
  }
  public resetAllowDangling() {
    this._allowDangling = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get allowDanglingInput() {
    return this._allowDangling;
  }

  // timeout_ms - computed: false, optional: true, required: false
  private _timeoutMs?: number; 
  public get timeoutMs() {
    return this._timeoutMs;
  }
  public set timeoutMs(value: number | undefined) {
    this._timeoutMs = value;
  }
  public resetTimeoutMs() {
    this._timeoutMs = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutMsInput() {
    return this._timeoutMs;
  }

  // api_profile - computed: false, optional: true, required: false
  private _apiProfile?: string; 
  public get apiProfile() {
    return this._apiProfile;
  }
  public set apiProfile(value: string | undefined) {
    this._apiProfile = value;
  }
  public resetApiProfile() {
    this._apiProfile = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get apiProfileInput() {
    return this._apiProfile;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public override get alias() {
    return this._alias;
  }
  public override set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      url: cdktf.stringToTerraform(this._url),
      token: cdktf.stringToTerraform(this._token),
      ca_file: cdktf.stringToTerraform(this._caFile),
      insecure: cdktf.booleanToTerraform(this._insecure),
      reload: cdktf.booleanToTerraform(this._reload),
      allow_dangling: cdktf.booleanToTerraform(this._allowDangling),
      timeout_ms: cdktf.numberToTerraform(this._timeoutMs),
      api_profile: cdktf.stringToTerraform(this._apiProfile),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      url: {
        value: cdktf.stringToHclTerraform(this._url),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      token: {
        value: cdktf.stringToHclTerraform(this._token),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      ca_file: {
        value: cdktf.stringToHclTerraform(this._caFile),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      insecure: {
        value: cdktf.booleanToHclTerraform(this._insecure),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      reload: {
        value: cdktf.booleanToHclTerraform(this._reload),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      allow_dangling: {
        value: cdktf.booleanToHclTerraform(this._allowDangling),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      timeout_ms: {
        value: cdktf.numberToHclTerraform(this._timeoutMs),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      api_profile: {
        value: cdktf.stringToHclTerraform(this._apiProfile),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
