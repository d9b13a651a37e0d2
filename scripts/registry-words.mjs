// The words of the registry pages (scripts/generate-registry-docs.mjs) that the provider's schema
// cannot hold: how each resource is imported, and when an ephemeral resource lives. Kept apart so
// that the generator stays the layout alone.

/**
 * How each resource is imported: the provider's import (src/terraform/resources/kind-resource.ts)
 * takes the platform id or the kind's key; `refused` when it cannot be, with what the resource does
 * to state instead. test/terraform/registry-examples.test.ts imports with every id a page shows.
 */
export const IMPORTS = {
  dsiprouter_inbound_mapping: { id: 'ruleid', idExample: '7', key: 'its DID with `did:`', keyExample: 'did:15551230001' },
  dsiprouter_outbound_route: {
    id: 'ruleid',
    idExample: '7',
    key: 'its name with `name:`, when no other route has it',
    keyExample: 'name:UK from our 1555 numbers',
  },
  dsiprouter_carrier_group: {
    id: 'gwgroupid',
    idExample: '12',
    key: 'its name with `name:`, when no other carrier group has it',
    keyExample: 'name:Acme Telecom',
  },
  dsiprouter_endpoint_group: {
    id: 'gwgroupid',
    idExample: '12',
    key: 'its name with `name:`, when no other endpoint group has it',
    keyExample: 'name:Acme PBX',
  },
  dsiprouter_number: {
    id: 'number_id',
    idExample: '7',
    key: 'its DID with `did:` (with or without a leading `+`: one number to the platform)',
    keyExample: 'did:15557770001',
  },
  dsiprouter_endpoint_lease: {
    refused: [
      'Endpoint leases cannot be imported: the platform cannot read a lease back, so its credentials cannot be recovered',
      '(`terraform import` and `import` blocks fail with "Endpoint leases cannot be imported"). Let Terraform obtain a new one.',
      '',
      '## State',
      '',
      'Terraform state is the only record of a lease: it holds `lease_id`, `username`, `domain` and `password`. The',
      'password is sensitive (hidden in plans and output) but stored in `terraform.tfstate` as it is: protect the state.',
      'A refresh does not ask the platform: the lease stands until `expires_at`, after which it reads as gone and the next',
      'plan obtains a new one. Changing `email` or `ttl` replaces it (the old lease is revoked, a new one obtained), and',
      '`terraform destroy` revokes it.',
    ],
  },
};

/**
 * What an ephemeral resource's page says beyond its schema: when Terraform opens and closes it,
 * and where its values may go (the schema's description has no room for it).
 */
export const LIFETIMES = {
  dsiprouter_endpoint_lease: [
    '## Lifetime',
    '',
    'Terraform 1.10 or later. Opening the lease obtains it, closing it revokes it, and its values are never written to a',
    'saved plan, the state or `terraform show`. Use them in provider blocks, provisioner and `connection` blocks, `locals`',
    'and write-only attributes. Terraform opens it in each run that needs it (`terraform plan` and `terraform apply` each',
    'obtain a lease of their own and revoke it at the end); a run cut short leaves the lease to lapse after its `ttl`. For a',
    'lease that outlives the run, use the managed [`dsiprouter_endpoint_lease`](../resources/endpoint_lease.md), whose',
    'password is stored in the state.',
    '',
  ],
};
