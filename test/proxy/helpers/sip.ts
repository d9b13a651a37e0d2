import { createSocket, type Socket } from 'node:dgram';

/** A call as the harness sends it: the direction header stands in for the source address the platform decides by. */
export interface SipCall {
  readonly direction: 'inbound' | 'outbound';
  /** The From-user. */
  readonly from: string;
  /** The To-user. */
  readonly to: string;
  /** The request user (the user of the request URI), when it is not the To-user. */
  readonly ruri?: string;
}

/** A reply: status, and the harness's `X-` headers by lower-case name. */
export interface SipReply {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
}

/**
 * An INVITE for one call, without a body. The users go on the wire as written, `#` and `%XX`
 * escapes included: the simulation takes each user as it is on the wire, as drouting reads the
 * request user, and unescapes the From- and To-users for the LCR lookup as the platform does
 * (test/proxy/percent-escape.test.ts).
 */
export function buildInvite(call: SipCall, target: { host: string; port: number }, local: { port: number }, callId: string): string {
  const { to, from } = call;
  // No caller (dsipform's `from: ""`): a From URI without a user part, so the proxy's From-user is empty.
  const user = from === '' ? '' : `${from}@`;
  return [
    `INVITE sip:${call.ruri ?? to}@${target.host}:${target.port} SIP/2.0`,
    `Via: SIP/2.0/UDP 127.0.0.1:${local.port};branch=z9hG4bK-${callId}`,
    'Max-Forwards: 70',
    `From: <sip:${user}127.0.0.1>;tag=t${callId}`,
    `To: <sip:${to}@${target.host}>`,
    `Call-ID: ${callId}`,
    'CSeq: 1 INVITE',
    `Contact: <sip:${user}127.0.0.1:${local.port}>`,
    `X-Direction: ${call.direction}`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/** A reply's status line and headers; `null` for text that is not a SIP reply. */
export function parseReply(text: string): { callId: string; reply: SipReply } | null {
  const lines = text.split('\r\n');
  const status = /^SIP\/2\.0 (\d{3}) /.exec(lines[0] ?? '');
  if (!status) return null;
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const callId = headers.get('call-id') ?? headers.get('i');
  return callId === undefined ? null : { callId, reply: { status: Number(status[1]), headers } };
}

/**
 * One UDP socket on 127.0.0.1 that sends requests and pairs each reply with its request by
 * Call-ID. A request unanswered within `timeoutMs` is sent again (UDP may drop it), then fails.
 */
export class SipClient {
  private readonly socket: Socket;
  private readonly pending = new Map<string, (reply: SipReply) => void>();
  private counter = 0;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('message', (buf) => {
      const parsed = parseReply(buf.toString('utf8'));
      if (!parsed || parsed.reply.status < 200) return;
      const done = this.pending.get(parsed.callId);
      if (done) {
        this.pending.delete(parsed.callId);
        done(parsed.reply);
      }
    });
  }

  /** A client bound to a free port on 127.0.0.1. */
  static async open(): Promise<SipClient> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    return new SipClient(socket);
  }

  /** Sends a request text built for a Call-ID and waits for its final reply. */
  async request(port: number, build: (callId: string, localPort: number) => string, timeoutMs = 500, tries = 3): Promise<SipReply> {
    const callId = `dsipform-${process.pid}-${++this.counter}`;
    const text = build(callId, this.socket.address().port);
    for (let attempt = 1; attempt <= tries; attempt++) {
      const reply = await new Promise<SipReply | null>((resolve) => {
        const timer = setTimeout(() => {
          this.pending.delete(callId);
          resolve(null);
        }, timeoutMs);
        this.pending.set(callId, (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        this.socket.send(text, port, '127.0.0.1');
      });
      if (reply) return reply;
    }
    throw new Error(`no SIP reply from 127.0.0.1:${port} after ${tries} tries`);
  }

  /** Sends an INVITE for the call and waits for the final reply. */
  invite(port: number, call: SipCall): Promise<SipReply> {
    return this.request(port, (callId, localPort) => buildInvite(call, { host: '127.0.0.1', port }, { port: localPort }, callId));
  }

  /** Closes the socket. */
  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
