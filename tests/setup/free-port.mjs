// A TCP port nobody listens on at this moment, on loopback: for the servers tests and benches start.
// FREE_PORT_RANGE=low-high keeps them within a range (several people sharing one machine).
import net from "node:net";

/** @returns {Promise<number | null>} the port when it could be listened on */
function tryPort(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : null));
    });
  });
}

let next = 0;

/** @returns {Promise<number>} */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.FREE_PORT_RANGE ?? "");
  if (!range) {
    const port = await tryPort(0);
    if (port === null) throw new Error("no free port");
    return port;
  }
  const low = Number(range[1]);
  const size = Number(range[2]) - low + 1;
  for (let tried = 0; tried < size; tried++) {
    const port = await tryPort(low + (next++ % size));
    if (port !== null) return port;
  }
  throw new Error(`no free port in ${process.env.FREE_PORT_RANGE}`);
}
