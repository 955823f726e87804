// Stamps each incoming HTTP request with its socket's address (PEER_ADDRESS_HEADER),
// replacing any header of that name a client sent, before Next.js sees it:
// route handlers get no socket, and Next.js fills X-Forwarded-For only when
// the client sent none. Installed once per process from instrumentation.ts.
import http from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

let installed = false;

export function installPeerAddressStamp(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      const address = request.socket?.remoteAddress;
      if (address) request.headers[PEER_ADDRESS_HEADER] = address;
      else delete request.headers[PEER_ADDRESS_HEADER];
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
