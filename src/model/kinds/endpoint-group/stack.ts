import type { StackMapping } from '../../kind-inputs.js';

/**
 * A `dsiprouter_endpoint_group` of a CDKTF stack: the provider's `endpoint` blocks are the files'
 * `endpoints`; the password comes from a Terraform variable, as a carrier group's.
 */
export const ENDPOINT_GROUP_STACK: StackMapping = {
  attributes: ['name', 'call_limit', 'strip', 'prefix', 'endpoint', 'auth', 'notifications', 'cdr'],
  types: { call_limit: 'number', strip: 'number' },
  blocks: {
    endpoint: { field: 'endpoints', list: true, attributes: ['name', 'hostname', 'weight'], numeric: ['weight'] },
    auth: {
      field: 'auth',
      list: false,
      attributes: ['type', 'auth_username', 'auth_password', 'auth_password_wo', 'auth_password_wo_version', 'auth_domain'],
      numeric: ['auth_password_wo_version'],
    },
    notifications: { field: 'notifications', list: false, attributes: ['over_max_call_limit', 'endpoint_failure'], numeric: [] },
    cdr: { field: 'cdr', list: false, attributes: ['email', 'send_interval'], numeric: [] },
  },
};
