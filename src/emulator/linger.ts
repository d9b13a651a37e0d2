import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and for how many bytes, a refused upload may go on being read and discarded. */
const LINGER = { ms: 2000, bytes: 32 * 1024 * 1024 } as const;

/**
 * Closes the connection of a request whose body was refused (413), the way nginx's lingering close
 * does. Closing at once while the client is still uploading makes the kernel answer the unread
 * bytes with a reset, and a client in another process then often loses the 413 it had not read yet.
 * So once the answer is out, the server half-closes, reads and discards whatever still comes (no
 * buffering, so memory stays flat) and closes when the body ends, the client goes, or the limits
 * in `LINGER` are reached.
 *
 * Node ends a `Connection: close` response through `socket.destroySoon()`, which destroys the socket
 * as soon as the answer is flushed; this replaces that one method on this one socket. Call it before
 * answering, with `Connection: close` set.
 */
export function lingerAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => {
    let discarded = 0;
    const close = (): void => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER.ms).unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER.bytes) close();
    });
    req.once('end', close);
    req.once('error', close);
    req.resume();
  };
}
