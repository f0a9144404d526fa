// Where a webhook may be sent (ADR 0049): to the public internet only, unless the configuration allows
// private targets (WEBHOOKS_ALLOW_PRIVATE_TARGETS: development, and the tests' receiver on loopback).
// A subscription naming this machine, the private network or the cloud's metadata address
// (169.254.169.254) would let whoever holds the admin token make the server call inside its own
// network. The host is checked by the addresses it resolves to, not by its spelling, and a delivery
// connects to the very address it checked: a name that resolves to a public address when checked and
// to a private one a moment later (DNS rebinding) gets no second resolution to exploit.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promises as dns } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../lib/errors.ts";

let notPublic: BlockList | null = null;

/**
 * IANA's special-purpose blocks: anything but the public internet (RFC 6890 and its updates). Built on
 * first use, not when the module loads: route modules that reach this one through a module index must
 * still load in a browser, which has no BlockList.
 */
function notPublicBlocks(): BlockList {
  if (notPublic) return notPublic;
  const blocks = new BlockList();
  for (const [address, prefix] of [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8],
    ["100.64.0.0", 10], // carrier-grade NAT
    ["127.0.0.0", 8],
    ["169.254.0.0", 16], // link-local, the cloud metadata service
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, and the broadcast address
  ] as const) {
    blocks.addSubnet(address, prefix, "ipv4");
  }
  for (const [address, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["64:ff9b::", 96], // NAT64: an IPv4 address inside, possibly a private one
    ["100::", 64],
    ["2001::", 23],
    ["2001:db8::", 32],
    ["2002::", 16], // 6to4: likewise
    ["fc00::", 7], // unique local
    ["fe80::", 10], // link-local
    ["ff00::", 8], // multicast
  ] as const) {
    blocks.addSubnet(address, prefix, "ipv6");
  }
  notPublic = blocks;
  return blocks;
}

/** Whether an IP address is on the public internet. Anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const plain = mapped ?? bare;
  const family = isIP(plain);
  if (family === 0) return false;
  return !notPublicBlocks().check(plain, family === 4 ? "ipv4" : "ipv6");
}

export interface TargetPolicy {
  allowPrivate: boolean;
}

function refusal(address: string): AppError {
  return new AppError("WEBHOOK_TARGET_NOT_ALLOWED", {
    issues: [{ path: "body.url", code: `not_public:${address.slice(0, 45)}` }],
  });
}

/**
 * Refuses a receiver URL whose host is, or resolves to, an address off the public internet. A name
 * that does not resolve yet is let through (the partner may publish it later); every delivery checks again.
 */
export async function assertWebhookTarget(
  url: string,
  policy: TargetPolicy,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<void> {
  if (policy.allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) !== 0 ? [host] : await resolve(host).catch(() => []);
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked !== undefined) throw refusal(blocked);
}

async function resolveAll(host: string): Promise<string[]> {
  return (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * A `lookup` for the delivery's socket: resolves once, refuses when any address is not public, and
 * hands the socket the address it checked, so the connection goes nowhere else.
 */
export function checkedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = found as unknown as LookupAddress[];
      const blocked = policy.allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (blocked)
        return callback(
          Object.assign(refusal(blocked.address), {
            code: "WEBHOOK_TARGET_NOT_ALLOWED",
          }) as unknown as NodeJS.ErrnoException,
          "",
          0,
        );
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}
