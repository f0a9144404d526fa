// An anonymous content page (the FAQ) served by the site as `npm start` runs it on PGlite (the front
// with its page cache and one worker in one process, ADR 0052) at 50 connections, against nginx
// (Debian's package) serving the same bytes from disk on the same machine in the same run: the ratio
// to nginx is the figure. The same site with its page cache off (PAGE_CACHE_BYTES=0: every request
// rendered) is measured too, as the before. nginx runs one worker, like the site's one process;
// neither compresses (autocannon asks for no encoding), so both send the same bytes. Skipped when
// nginx is not installed (`apt-get install -y nginx`).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ratioOf } from "../figures.mjs";
import { freePort } from "../../setup/free-port.mjs";
import { memoryFigures, startPgliteServer } from "../harness.mjs";

export const name = "content-nginx";
export const title = "Anonymous content page, 50 connections: the site against nginx serving the same bytes";

const CONNECTIONS = 50;
const PAGE = "/en/faqs/";
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/**
 * nginx in the foreground on a free port, serving `root`, with every file it writes in `dir`.
 * @param {string} dir
 * @param {string} root
 */
export async function startNginx(dir, root, probe = PAGE) {
  const port = await freePort();
  const config = path.join(dir, "nginx.conf");
  // Workers drop to `nobody` when started as root: the page must be readable by anyone.
  chmodSync(dir, 0o755);
  writeFileSync(
    config,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${origin}${probe}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return {
        origin,
        stop: async () => {
          child.kill("SIGQUIT");
          await Promise.race([exited, sleep(5_000).then(() => child.kill("SIGKILL"))]);
        },
      };
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`nginx did not answer ${probe}: ${stderr}`);
}

/** @param {import("../run.mjs").BenchContext} ctx */
export async function run(ctx) {
  if (!existsSync(NGINX)) {
    ctx.log(`  ${NGINX} is missing (apt-get install -y nginx): skipped`);
    return { figures: [], notes: ["Skipped: nginx is not installed (apt-get install -y nginx)."] };
  }
  const server = await ctx.server("pglite");
  if (!server) throw new Error("the PGlite server did not start");
  const response = await fetch(`${server.origin}${PAGE}`, { headers: { "Accept-Encoding": "identity" } });
  if (!response.ok) throw new Error(`${PAGE} answered ${response.status}`);
  const html = Buffer.from(await response.arrayBuffer());
  const cacheControl = response.headers.get("Cache-Control") ?? "none";
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-nginx-"));
  const root = path.join(dir, "www");
  mkdirSync(path.join(root, PAGE), { recursive: true });
  writeFileSync(path.join(root, PAGE, "index.html"), html);
  const nginx = await startNginx(dir, root);
  try {
    const fromDisk = await ctx.measureLoad({
      url: `${nginx.origin}${PAGE}`,
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    });
    const site = await ctx.measureLoad({
      url: `${server.origin}${PAGE}`,
      connections: CONNECTIONS,
      seconds: ctx.seconds,
    });
    const uncachedServer = await startPgliteServer(ctx.buildDir, { PAGE_CACHE_BYTES: "0", ADMISSION_CONCURRENCY: "0" });
    let uncached;
    try {
      uncached = await ctx.measureLoad({
        url: `${uncachedServer.origin}${PAGE}`,
        connections: CONNECTIONS,
        seconds: ctx.seconds,
      });
    } finally {
      await uncachedServer.stop();
    }
    return {
      backend: "pglite",
      figures: [
        {
          label: `requests per second, ${PAGE}`,
          value: Math.round(site.requestsPerSecond),
          unit: "req/s",
          baseline: {
            label: "nginx, same bytes from disk",
            value: Math.round(fromDisk.requestsPerSecond),
            unit: "req/s",
          },
          ratio: ratioOf(site.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p50 latency",
          value: site.latencyP50,
          unit: "ms",
          baseline: { label: "nginx p50", value: fromDisk.latencyP50, unit: "ms" },
          ratio: ratioOf(site.latencyP50, fromDisk.latencyP50),
        },
        {
          label: "p99 latency",
          value: site.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(site.latencyP99, fromDisk.latencyP99),
        },
        {
          label: `requests per second, page cache off (PAGE_CACHE_BYTES=0)`,
          value: Math.round(uncached.requestsPerSecond),
          unit: "req/s",
          baseline: {
            label: "nginx, same bytes from disk",
            value: Math.round(fromDisk.requestsPerSecond),
            unit: "req/s",
          },
          ratio: ratioOf(uncached.requestsPerSecond, fromDisk.requestsPerSecond),
        },
        {
          label: "p99 latency, page cache off",
          value: uncached.latencyP99,
          unit: "ms",
          baseline: { label: "nginx p99", value: fromDisk.latencyP99, unit: "ms" },
          ratio: ratioOf(uncached.latencyP99, fromDisk.latencyP99),
        },
        ...memoryFigures(server, "the runs so far"),
      ],
      notes: [
        `${html.length.toLocaleString("en-US")} bytes of HTML, from the site's page cache (a render at most every ${/max-age=(\d+)/.exec(cacheControl)?.[1] ?? "?"} s, each answer with its own nonce; Cache-Control: ${cacheControl}); with the cache off, rendered on every request.`,
        `nginx ${NGINX}: 1 worker, sendfile, no access log; both driven by autocannon with ${CONNECTIONS} connections for ${ctx.seconds} s after a 2 s warm-up.`,
      ],
    };
  } finally {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
