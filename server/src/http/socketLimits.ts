/**
 * How long and how many sockets the directory service keeps, in one place. Fastify's defaults keep
 * a socket forever (connectionTimeout and requestTimeout 0): a client declaring a 100 MB body and
 * trickling a byte every few seconds held its socket indefinitely, and about a thousand of them
 * stopped the API. Every request must now arrive in full within a bound, idle sockets close, and
 * the number of open sockets is capped so the process keeps file descriptors for the clients it serves.
 */
export interface SocketLimits {
  /** A socket with no traffic either way for this long is closed (Node's server.timeout). */
  connectionTimeoutMs: number;
  /** The whole request, headers and body, must have arrived within this (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** The request's headers must have arrived within this; at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An idle kept-alive socket waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /** After this many requests a socket is closed (the answer says Connection: close). */
  maxRequestsPerSocket: number;
  /** Sockets open at once; further connections are closed at once (Node's server.maxConnections). */
  maxConnections: number;
  /** How often Node checks sockets against requestTimeoutMs and headersTimeoutMs. */
  checkIntervalMs: number;
}

/**
 * The service's limits. No request of the API has a body, so 30 s for a whole request is generous
 * on any link; the idle timeout is longer than the slowest answer (a large page under load) takes
 * to compute, during which the socket is quiet.
 */
export const defaultSocketLimits: SocketLimits = {
  connectionTimeoutMs: 120_000,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 10_000,
  maxRequestsPerSocket: 1000,
  maxConnections: 512,
  checkIntervalMs: 1000,
};

/** The defaults with what `overrides` sets (tests make them small). */
export function socketLimitsWith(overrides: Partial<SocketLimits> = {}): SocketLimits {
  const limits = { ...defaultSocketLimits, ...overrides };
  // Node refuses a headers timeout longer than the request timeout.
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}
