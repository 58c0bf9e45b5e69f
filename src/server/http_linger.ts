// Lingering close (RFC 9112, section 9.6): a connection closed while its client may still be sending a body
// half-closes and goes on reading (and discarding) until the client closes or LINGER_MS pass. Closing
// at once with unread bytes makes the kernel answer them with a reset, and a reset can discard the
// reply before the client reads it: a 413 or a 503 with Retry-After would arrive as "connection reset".
import type { Socket } from "node:net";

/** How long a closing connection may go on sending after its reply before it is destroyed. */
export const LINGER_MS = 5_000;

/** Half-closes `socket` after writing `last` (if given); destroys it when the client closes or LINGER_MS pass. */
export function lingeringEnd(socket: Socket, last?: string): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  if (last === undefined) socket.end();
  else socket.end(last);
}

/** Makes the HTTP server's own close after the current reply (Connection: close) a lingering one. */
export function lingerAfterReply(socket: Socket): void {
  socket.destroySoon = () => lingeringEnd(socket);
}
