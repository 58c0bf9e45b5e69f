// A cap on open connections that idle or slow clients cannot exhaust: at the cap, a new connection
// closes the oldest connection with no request in progress, else the one receiving its body the
// slowest; only when every connection is busy otherwise is the new one refused.
import type { Server } from "node:http";
import type { Socket } from "node:net";

export function limitConnections(http: Server, max: number, slowest: () => Socket | undefined): void {
  const idle = new Set<Socket>(); // insertion order = oldest first
  let open = 0;
  http.on("connection", (socket: Socket) => {
    if (open >= max) {
      const oldest = (idle.values().next().value as Socket | undefined) ?? slowest();
      if (oldest === undefined) return void socket.destroy();
      idle.delete(oldest);
      oldest.destroy();
    }
    open++;
    idle.add(socket);
    socket.once("close", () => {
      open--;
      idle.delete(socket);
    });
  });
  http.on("request", (req, res) => {
    const socket = req.socket;
    idle.delete(socket);
    res.once("close", () => {
      if (!socket.destroyed) idle.add(socket);
    });
  });
}
