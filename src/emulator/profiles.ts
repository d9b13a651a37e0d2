import type { ServerResponse } from 'node:http';
import { DsipformError } from '../model/errors.js';
import { currentProfile } from './current-profile.js';
import type { Unrouted } from './flask-pages.js';
import type { RouteEntry } from './router.js';
import { SPEC_PROFILE } from './spec-profile.js';
import { SPEC_WIRE, type WireRules } from './wire-rules.js';

/** The API profiles the emulator serves: the specified contract, or the platform as deployed. */
export const API_PROFILE_NAMES = ['spec', 'current'] as const;

/** One of {@link API_PROFILE_NAMES}. */
export type ApiProfileName = (typeof API_PROFILE_NAMES)[number];

/** What a profile decides: its paths and handlers, and how unroutable requests are answered. */
export interface ApiProfile {
  readonly name: ApiProfileName;
  readonly entries: readonly RouteEntry[];
  /** How requests are read and answers written (token header, query, body, JSON). */
  readonly wire: WireRules;
  /** Answers an unknown path or wrong method itself; absent: the JSON envelope 404/405. */
  readonly routingPage?: (res: ServerResponse, match: Unrouted) => void;
}

/** Builds a fresh profile by name; throws on a name that is not one (JavaScript callers). */
export function buildProfile(name: ApiProfileName): ApiProfile {
  if (name === 'spec') return { name, entries: SPEC_PROFILE, wire: SPEC_WIRE };
  if (name === 'current') return currentProfile();
  throw new DsipformError('EMULATOR_BAD_OPTION', `Unknown emulator profile ${JSON.stringify(name)}: use ${API_PROFILE_NAMES.join(' or ')}`);
}
