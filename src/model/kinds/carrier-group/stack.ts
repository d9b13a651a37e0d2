import type { StackMapping } from '../../kind-inputs.js';

/**
 * A `dsiprouter_carrier_group` of a CDKTF stack: the provider's `endpoint` blocks are the files'
 * `endpoints`; the `auth` block's password comes from a Terraform variable (`${var.NAME}`), never
 * a literal (a synthesized stack is a file in the repository).
 */
export const CARRIER_GROUP_STACK: StackMapping = {
  attributes: ['name', 'lb_enabled', 'endpoint', 'auth'],
  types: { lb_enabled: 'bool' },
  blocks: {
    endpoint: {
      field: 'endpoints',
      list: true,
      attributes: ['name', 'hostname', 'strip', 'prefix', 'weight'],
      numeric: ['strip', 'weight'],
    },
    auth: {
      field: 'auth',
      list: false,
      attributes: [
        'type',
        'r_username',
        'auth_username',
        'auth_password',
        'auth_password_wo',
        'auth_password_wo_version',
        'auth_domain',
        'auth_proxy',
      ],
      numeric: ['auth_password_wo_version'],
    },
  },
};
