// The wire protocol, version 1, for an engine written in JavaScript (Node 20, no
// dependencies). Arbiter sends one JSON request per line on standard input; `serve`
// answers each one with one JSON line on standard output, by calling the engine's method
// of the same name. The protocol is specified in docs/guides/wire-protocol.rst of the
// Arbiter project, and every message in scenarios/schema/wire.schema.json.
//
// The engine throws `Rejected` for an illegal command or answer (its state unchanged),
// `Unsupported` from `load` for a position it cannot express; anything else it throws is
// reported as an `error` and the engine keeps serving.
"use strict";

const readline = require("node:readline");

const PROTOCOL_VERSION = 1;

class Rejected extends Error {}
class Unsupported extends Error {}
class ProtocolError extends Error {}

function field(request, key, type) {
  const value = request[key];
  const ok = type === "array" ? Array.isArray(value) : typeof value === type && value !== null;
  if (!ok) throw new ProtocolError(`${request.op} needs ${key} (${type})`);
  return value;
}

// op -> what to do with the request; the return value is the response's `result`.
const HANDLERS = {
  hello(engine, request) {
    const offered = Array.isArray(request.protocol) ? request.protocol : [request.protocol];
    if (!offered.includes(PROTOCOL_VERSION)) {
      throw new ProtocolError(
        `no common protocol version: the client offers ${JSON.stringify(offered)}, ` +
          `this engine speaks [${PROTOCOL_VERSION}]`,
      );
    }
    return { protocol: PROTOCOL_VERSION, engine: engine.name, cards: engine.cards() };
  },
  load(engine, request) {
    engine.load(field(request, "setup", "object"));
    return null;
  },
  command(engine, request) {
    engine.command(field(request, "verb", "string"), request.arg);
    return null;
  },
  answer(engine, request) {
    if (!("value" in request)) throw new ProtocolError("answer needs a value");
    engine.answer(request.value);
    return null;
  },
  pending: (engine) => engine.pending(),
  observe: (engine) => engine.observe(),
  events(engine, request) {
    const since = request.since === undefined ? 0 : request.since;
    if (!Number.isInteger(since) || since < 0) {
      throw new ProtocolError("events: since must be a non-negative integer");
    }
    return engine.events().slice(since);
  },
  bye: () => null,
};

// The response to one request line (a string), as an object.
function respond(engine, line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { id: null, status: "error", message: `not JSON: ${error.message}` };
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    return { id: null, status: "error", message: "a request is a JSON object" };
  }
  const id = request.id === undefined ? null : request.id;
  const handler = Object.hasOwn(HANDLERS, request.op) ? HANDLERS[request.op] : undefined;
  if (handler === undefined) {
    const known = Object.keys(HANDLERS).join(", ");
    return { id, status: "error", message: `unknown op ${JSON.stringify(request.op)} (known: ${known})` };
  }
  try {
    return { id, status: "ok", result: handler(engine, request) };
  } catch (error) {
    if (error instanceof Rejected) return { id, status: "rejected", message: error.message };
    if (error instanceof Unsupported) return { id, status: "unsupported", message: error.message };
    const name = error instanceof ProtocolError ? "" : `${error.name}: `;
    return { id, status: "error", message: `${name}${error.message}` };
  }
}

// Answer requests from standard input until `bye` or the end of input.
function serve(engine) {
  // Standard output belongs to the protocol: logs go to standard error.
  console.log = console.error;
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    const response = respond(engine, line);
    process.stdout.write(JSON.stringify(response) + "\n");
    if (response.status === "ok" && JSON.parse(line).op === "bye") {
      lines.close();
      process.stdin.destroy(); // nothing keeps the process alive: it exits
    }
  });
}

module.exports = { PROTOCOL_VERSION, Rejected, Unsupported, respond, serve };
