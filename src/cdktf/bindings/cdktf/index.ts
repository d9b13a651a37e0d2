// Generated from schemas/provider.schema.json by @cdktf/provider-generator 0.21.0.
// Do not edit: run `npm run generate:cdktf` (scripts/generate-cdktf.mjs).
/**
 * Constructs for the dsipform/dsiprouter Terraform provider, for CDKTF (`cdktf`).
 * Import them from `dsipform/cdktf`; they need the optional peer dependencies `cdktf` and `constructs`.
 * Every class is exported by name (`InboundMapping`) and within a namespace per resource, as
 * `cdktf get` lays them out (`inboundMapping.InboundMapping`). `DsipformPolicy` (hand-written, in
 * src/cdktf/dsipform-policy.cts, one module for both cores) is the policy of `dsipform plan --cdktf`.
 * @packageDocumentation
 */
export * from './carrier-group';
export * from './data-dsiprouter-carrier-group';
export * from './data-dsiprouter-endpoint-group';
export * from './data-dsiprouter-inbound-mapping';
export * from './data-dsiprouter-inbound-mappings';
export * from './data-dsiprouter-outbound-route';
export * from './data-dsiprouter-outbound-routes';
export * from './data-dsiprouter-proxy-stats';
export * from './endpoint-group';
export * from './endpoint-lease';
export * from './inbound-mapping';
export * from './number';
export * from './outbound-route';
export * from './provider';
export * as carrierGroup from './carrier-group';
export * as dataDsiprouterCarrierGroup from './data-dsiprouter-carrier-group';
export * as dataDsiprouterEndpointGroup from './data-dsiprouter-endpoint-group';
export * as dataDsiprouterInboundMapping from './data-dsiprouter-inbound-mapping';
export * as dataDsiprouterInboundMappings from './data-dsiprouter-inbound-mappings';
export * as dataDsiprouterOutboundRoute from './data-dsiprouter-outbound-route';
export * as dataDsiprouterOutboundRoutes from './data-dsiprouter-outbound-routes';
export * as dataDsiprouterProxyStats from './data-dsiprouter-proxy-stats';
export * as endpointGroup from './endpoint-group';
export * as endpointLease from './endpoint-lease';
export * as inboundMapping from './inbound-mapping';
export * as number from './number';
export * as outboundRoute from './outbound-route';
export * as provider from './provider';
export * from '../../dsipform-policy.cjs';
