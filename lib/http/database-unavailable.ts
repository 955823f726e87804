// Whether an error means the database could not be reached or went away
// mid-request (a restart, a failover, a full pool) rather than a bug: such a
// request did not complete and can be sent again, so it answers 503 with
// Retry-After instead of a generic 500.
const UNAVAILABLE_CODES = new Set([
  // Prisma: cannot reach the server, timed out, server closed the connection, pool timeout.
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  // Sockets.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  // PostgreSQL: connection exceptions, admin/crash shutdown, cannot connect now, too many connections.
  "08000",
  "08003",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

// Prisma reports a driver error it has no code for as P2039 "Database error. Code: `57P03`. …", keeping PostgreSQL's code only in the message.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|terminating connection due to|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|Code: `(08\d{3}|57P0[1-3]|53300)`|Can't reach database server|Server has closed the connection|DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections|Unable to start a transaction in the given time/i;

// PgBouncer's own refusals while the server behind it is away (it sends them as 08P01, a code too broad to trust alone).
const POOLER_MESSAGES =
  /server login has been failing|server conn crashed|pgbouncer cannot connect to server|query_wait_timeout|server shutting down|no more connections allowed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Prisma and pg wrap the driver's error: walk the causes.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && (UNAVAILABLE_MESSAGES.test(message) || POOLER_MESSAGES.test(message)))
      return true;
    current = cause;
  }
  return false;
}

// PostgreSQL refusing text it cannot store: NUL in text (22021) or jsonb
// (22P05 "unsupported Unicode escape sequence"), a lone surrogate. That is bad
// input, not an outage or a bug: the request answers 400.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);
const UNSTORABLE_TEXT_MESSAGES =
  /unsupported Unicode escape sequence|invalid byte sequence for encoding|Code: `(22021|22P05)`|invalid input syntax for type json/i;

export function isUnstorableTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && UNSTORABLE_TEXT_CODES.has(code)) return true;
    if (typeof message === "string" && UNSTORABLE_TEXT_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
