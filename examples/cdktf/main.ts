// A CDKTF app that declares the platform as constructs: two inbound mappings, an LCR and a simple
// outbound route, a carrier group, an endpoint lease, and the policy that leaves the platform's own
// route and carrier groups alone. `app.synth()` needs neither Terraform nor the cdktf CLI:
//
//   npx tsx examples/cdktf/main.ts          (or compile it with tsc and run it with node)
//
// writes cdktf.out/stacks/platform/cdk.tf.json. Deploy it one of two ways:
//   1. no Terraform:  npx dsipform apply --cdktf cdktf.out/stacks/platform
//   2. Terraform:     terraform -chdir=cdktf.out/stacks/platform init && terraform -chdir=... apply
//                     (with TF_CLI_CONFIG_FILE from `dsipform terraform-mirror`)
// For CDK Terrain, import App/TerraformStack from 'cdktn' and the constructs from 'dsipform/cdktn'.
import { fileURLToPath } from 'node:url';
import { App, TerraformOutput, TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { CarrierGroup, DsiprouterProvider, DsipformPolicy, EndpointLease, InboundMapping, OutboundRoute } from 'dsipform/cdktf';

/** Options of the example stack. */
export interface PlatformStackOptions {
  /**
   * Also give the main-office mapping a note that refers to the LCR route's group id: a Terraform
   * reference, which only way 2 (Terraform) can resolve; way 1 refuses it with a clear error.
   */
  readonly withReference?: boolean;
}

/** The platform as one stack. */
export class PlatformStack extends TerraformStack {
  constructor(scope: Construct, id: string, options: PlatformStackOptions = {}) {
    super(scope, id);
    // url and token come from DSIP_URL and DSIP_TOKEN when Terraform deploys the stack.
    new DsiprouterProvider(this, 'dsiprouter', {});
    // What `dsipform plan|apply --cdktf` (way 1) leaves alone: a collection the stack declares is
    // managed whole, so without this it would delete the fresh install's "Default Outbound Route"
    // and its ten carrier groups (all named "... CarrierGroup"). Terraform (way 2) ignores it.
    new DsipformPolicy(this, 'policy', {
      ignore: { outboundRoutes: ['Default Outbound Route'], carrierGroups: ['* CarrierGroup'] },
    });

    new CarrierGroup(this, 'acme', {
      name: 'Acme',
      endpoint: [
        { name: 'acme-1', hostname: 'sip1.acme.example' },
        { name: 'acme-2', hostname: 'sip2.acme.example', weight: 2 },
      ],
    });

    const ukLcr = new OutboundRoute(this, 'uk_lcr', {
      name: 'UK from our 1555 numbers',
      prefix: '44',
      fromPrefix: '1555', // set: least-cost routing
      gwgroupid: '5',
    });
    new OutboundRoute(this, 'us', { name: 'US domestic', prefix: '1', gwgroupid: '2', priority: 10 });
    new InboundMapping(this, 'main_office', {
      did: '15551230001',
      servers: ['14', '15'],
      notes: options.withReference ? `Main office via LCR group ${ukLcr.groupid}` : 'Main office',
    });
    new InboundMapping(this, 'default_mapping', { did: '', servers: ['#2'] });
    const lease = new EndpointLease(this, 'softphone', { email: 'ops@example.com', ttl: '15m' });
    new TerraformOutput(this, 'softphone_username', { value: lease.username });
  }
}

/** Synthesizes the app into `outdir`; returns the stack directory. */
export function synth(outdir = 'cdktf.out', options: PlatformStackOptions = {}): string {
  const app = new App({ outdir });
  new PlatformStack(app, 'platform', options);
  app.synth();
  return `${outdir}/stacks/platform`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`synthesized ${synth()}`);
}
