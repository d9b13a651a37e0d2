import { mappingUpdateReplaces } from '../model/inbound-mapping.js';
import { ApiError } from './errors.js';
import type { Transport } from './transport.js';

/**
 * Which API the platform speaks. `spec`: the contract as specified. `current`: the deployed
 * releases (0.7x–0.79 with the outbound-routes extension): stats at /kamailio/stats, leases at
 * /lease/endpoint, the inbound note called `name`, no in-place update of a mapping.
 */
export type ApiProfile = 'spec' | 'current';

/** What the user asks for: a profile, or `auto` (detect once, with at most two requests). */
export type ProfileChoice = ApiProfile | 'auto';

/** The paths and field names that differ between profiles. */
export interface ProfileShape {
  readonly statsPath: string;
  readonly leaseObtain: { readonly method: 'GET'; readonly path: string };
  readonly leaseRevoke: (id: number) => { readonly method: 'PUT' | 'DELETE'; readonly path: string };
  /** The inbound note's key in requests. */
  readonly noteKey: 'notes' | 'name';
  /** Whether PUT /inboundmapping?ruleid= works. */
  readonly updatesMappingsInPlace: boolean;
  /** Whether an unknown lease id is answered 500 (the deployed platform) rather than 404. */
  readonly revokeUnknownIs500: boolean;
}

/** Each profile's shape. */
export const PROFILES: Readonly<Record<ApiProfile, ProfileShape>> = {
  spec: {
    statsPath: '/proxy/stats',
    leaseObtain: { method: 'GET', path: '/endpoint/lease' },
    leaseRevoke: (id) => ({ method: 'PUT', path: `/endpoint/lease/${encodeURIComponent(id)}/revoke` }),
    noteKey: 'notes',
    updatesMappingsInPlace: !mappingUpdateReplaces('spec'),
    revokeUnknownIs500: false,
  },
  current: {
    statsPath: '/kamailio/stats',
    leaseObtain: { method: 'GET', path: '/lease/endpoint' },
    leaseRevoke: (id) => ({ method: 'DELETE', path: `/lease/endpoint/${encodeURIComponent(id)}/revoke` }),
    noteKey: 'name',
    updatesMappingsInPlace: !mappingUpdateReplaces('current'),
    revokeUnknownIs500: true,
  },
};

/**
 * Detects the profile with at most two cheap requests: `GET /proxy/stats` answers on the specified
 * API; where that path is unknown, `GET /kamailio/stats` answering means the deployed one.
 */
export async function detectProfile(transport: Transport): Promise<ApiProfile> {
  try {
    await transport.send('GET', '/proxy/stats');
    return 'spec';
  } catch (err) {
    if (
      !(err instanceof ApiError) ||
      (err.code !== 'API_NO_SUCH_ENDPOINT' && err.code !== 'API_NOT_FOUND' && err.code !== 'API_METHOD_NOT_ALLOWED')
    )
      throw err;
  }
  try {
    await transport.send('GET', '/kamailio/stats');
    return 'current';
  } catch (err) {
    if (err instanceof ApiError && err.code === 'API_NO_SUCH_ENDPOINT') {
      throw new ApiError(
        'API_NO_SUCH_ENDPOINT',
        'neither /proxy/stats nor /kamailio/stats answers: this does not look like the platform API',
        { method: 'GET', path: '/kamailio/stats', status: err.status },
        `Check ${transport.settingNames.url} (the client appends /api/v1), or give ${transport.settingNames.profile}.`,
        err,
      );
    }
    throw err;
  }
}
