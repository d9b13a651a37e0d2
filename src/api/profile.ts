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

/**
 * The paths that differ between profiles outside the kinds' APIs (a kind's own differences, such
 * as the inbound note's key, are its module's: `KindApi.byProfile`).
 */
export interface ProfileShape {
  readonly statsPath: string;
  readonly leaseObtain: { readonly method: 'GET'; readonly path: string };
  readonly leaseRevoke: (id: number) => { readonly method: 'PUT' | 'DELETE'; readonly path: string };
  /** Whether an unknown lease id is answered 500 (the deployed platform) rather than 404. */
  readonly revokeUnknownIs500: boolean;
}

/** Each profile's shape. */
export const PROFILES: Readonly<Record<ApiProfile, ProfileShape>> = {
  spec: {
    statsPath: '/proxy/stats',
    leaseObtain: { method: 'GET', path: '/endpoint/lease' },
    leaseRevoke: (id) => ({ method: 'PUT', path: `/endpoint/lease/${encodeURIComponent(id)}/revoke` }),
    revokeUnknownIs500: false,
  },
  current: {
    statsPath: '/kamailio/stats',
    leaseObtain: { method: 'GET', path: '/lease/endpoint' },
    leaseRevoke: (id) => ({ method: 'DELETE', path: `/lease/endpoint/${encodeURIComponent(id)}/revoke` }),
    revokeUnknownIs500: true,
  },
};

/** The first request of a detection: answered on the specified API. */
export const PROFILE_PROBE = '/proxy/stats';

/**
 * Detects the profile with at most two cheap requests: `GET /proxy/stats` answers on the specified
 * API; where that path is unknown, `GET /kamailio/stats` answering means the deployed one. (Whether
 * a deployed platform has the Numbers module is a third: {@link detectNumbersModule}.) `deployed`
 * is called when the first answer says the platform is not the specified one, just before the
 * second request: a caller that will ask for the Numbers module sends its probe then, beside it,
 * instead of one round trip later.
 */
export async function detectProfile(transport: Transport, deployed?: () => void): Promise<ApiProfile> {
  try {
    await transport.send('GET', PROFILE_PROBE);
    return 'spec';
  } catch (err) {
    if (
      !(err instanceof ApiError) ||
      (err.code !== 'API_NO_SUCH_ENDPOINT' && err.code !== 'API_NOT_FOUND' && err.code !== 'API_METHOD_NOT_ALLOWED')
    )
      throw err;
  }
  deployed?.();
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

/**
 * Whether the platform has the Numbers module (release 0.79), by one request that changes nothing:
 * `GET /api/numbers/v1/number/bulk` hits the module's upload path, which takes POST only, so a
 * platform with the module answers 405 (Flask routes before it checks the token) and one without
 * answers 404.
 */
export async function detectNumbersModule(transport: Transport): Promise<boolean> {
  try {
    await transport.send('GET', NUMBERS_PROBE, { fromBase: true });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'API_METHOD_NOT_ALLOWED') return true;
    if (err instanceof ApiError && err.code === 'API_NO_SUCH_ENDPOINT' && err.status === 404) return false;
    throw err;
  }
}

/** The Numbers module's upload path, from the base URL. */
const NUMBERS_PROBE = '/api/numbers/v1/number/bulk';
