// nginx (Debian's /usr/sbin/nginx, or NGINX_PATH) in the foreground in front of app nodes, with the
// repository's own deploy/nginx/travesia.conf: only its ADAPT lines are rewritten (port, upstream
// nodes, cache directory, assets root), so the server tier and the bench test the file operators install.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const CONF = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/nginx/travesia.conf");

export function nginxInstalled() {
  return existsSync(NGINX);
}

/** Replaces `pattern` in `text`, failing loudly when the shipped file no longer has it. */
function adapt(text, pattern, replacement) {
  if (!pattern.test(text))
    throw new Error(`deploy/nginx/travesia.conf no longer matches ${pattern}: update tests/setup/nginx.mjs`);
  return text.replace(pattern, replacement);
}

/** The shipped configuration with its ADAPT lines pointed at this machine. */
export function adaptedConfig({ port, upstreams, cacheDir, clientRoot }) {
  let conf = readFileSync(CONF, "utf8");
  conf = adapt(conf, /proxy_cache_path \/var\/cache\/nginx\/travesia /, `proxy_cache_path ${cacheDir} `);
  const servers = upstreams
    .map((origin) => `    server ${new URL(origin).host} max_fails=3 fail_timeout=10s;`)
    .join("\n");
  conf = adapt(conf, /(?: {4}server 127\.0\.0\.1:\d+ max_fails=3 fail_timeout=10s;\n)+/, `${servers}\n`);
  conf = adapt(conf, /listen 80 default_server;/, `listen 127.0.0.1:${port} default_server;`);
  conf = adapt(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  conf = adapt(conf, /server_name www\.travesia\.example;/, "server_name 127.0.0.1 localhost;");
  conf = adapt(conf, /root \/srv\/travesia\/build\/client;/, `root ${clientRoot};`);
  return conf;
}

/**
 * Starts nginx on a free port in front of `upstreams` (origins of app nodes), serving `clientRoot`'s
 * assets, on `port` (else a free one); resolves once it answers. `workers`: nginx worker processes.
 * @param {{ upstreams: string[]; clientRoot: string; port?: number; workers?: number | "auto" }} options
 */
export async function startNginx({ upstreams, clientRoot, port: wantedPort, workers = 1 }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tv-nginx-"));
  // Workers drop to `nobody` when started as root: what they read and write must be open to anyone.
  chmodSync(dir, 0o777);
  mkdirSync(path.join(dir, "cache"), { mode: 0o777 });
  const port = wantedPort ?? (await freePort());
  writeFileSync(
    path.join(dir, "travesia.conf"),
    adaptedConfig({ port, upstreams, cacheDir: path.join(dir, "cache"), clientRoot: path.resolve(clientRoot) }),
  );
  writeFileSync(
    path.join(dir, "nginx.conf"),
    // As root, workers would drop to `nobody`, who cannot read a build inside a private directory (a
    // checkout under `mktemp -d`): they keep root's rights here, as a test's throwaway nginx may.
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/travesia.conf;
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT");
      await Promise.race([exited, sleep(5_000).then(() => child.kill("SIGKILL"))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) {
      const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${log}`);
    }
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { origin, port, stop, errorLog: () => readFileSync(path.join(dir, "error.log"), "utf8") };
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not answer /healthz: ${stderr}`);
}
