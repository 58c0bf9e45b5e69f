// Pipelined requests on one connection are served MAX_PIPELINED at a time: the rest wait,
// the socket paused, until a reply is done. A client that sends without reading its replies thus
// costs the server a few replies, never one per request sent.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Requests served at once per connection: HTTP/1.1 sends replies in order, so one loses nothing. */
export const MAX_PIPELINED = 1;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Lane = { active: number; waiting: [IncomingMessage, ServerResponse][]; told: boolean };

/** `serve` behind a per-connection gate; `log` hears once per connection that it was paused. */
export function pipelined(serve: Handler, log?: (line: string) => void): Handler {
  const lanes = new WeakMap<Socket, Lane>();
  const start = (socket: Socket, lane: Lane, req: IncomingMessage, res: ServerResponse) => {
    lane.active++;
    res.once("close", () => {
      lane.active--;
      const next = lane.waiting.shift();
      if (next) start(socket, lane, ...next);
      else if (!socket.destroyed) socket.resume();
    });
    serve(req, res);
  };
  return (req, res) => {
    const socket = req.socket;
    let lane = lanes.get(socket);
    if (lane === undefined) lanes.set(socket, (lane = { active: 0, waiting: [], told: false }));
    if (lane.active < MAX_PIPELINED) return start(socket, lane, req, res);
    lane.waiting.push([req, res]);
    socket.pause();
    if (lane.told) return;
    lane.told = true;
    log?.("fin-skills-mcp: a connection pipelines requests; reading it paused until its reply is sent (logged once)");
  };
}
