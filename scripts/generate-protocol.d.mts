/** Where the .proto files are read from, which, and where the descriptor module is written. */
export const PROTO_DIR: string;
export const PROTO_FILES: readonly string[];
export const OUT_FILE: string;
/** The protobufjs JSON descriptor of the protocol files (field names as written). */
export function protocolDescriptor(dir?: string): Record<string, unknown>;
/** The generated module's text for a descriptor. */
export function protocolSource(descriptor: Record<string, unknown>): string;
/** Writes OUT_FILE when its text differs; returns whether it wrote. */
export function generateProtocol(): boolean;
