// The scanner's behaviour in the browser: keep a verified signed list for the chosen sailing, decide
// each scan with the server when online (and from the list when not), queue offline scans in
// IndexedDB and sync them when the network is back, reporting conflicts (first scan to reach the
// server wins). Rendering lives in the route; this hook owns the device.
import { useCallback, useEffect, useRef, useState } from "react";
import type { BoardingList, SignedBoardingList } from "../../../modules/boarding/index.ts";
import { checkOffline, parseTicketPayload, type DeviceScanResult, type LocalBoarding } from "./offline-check.ts";
import { DeviceStore, verifyList, verifyPass, type PublicKeyInfo, type QueuedScan } from "./device-store.ts";

/** While online, the list is fetched again this often so boardings by other devices reach this one. */
const LIST_REFRESH_MS = 60_000;

export type ListState =
  | { kind: "loading" }
  | { kind: "ready"; tickets: number; issuedAt: string; expiresAt: string }
  | { kind: "missing" }
  | { kind: "invalid" };

export interface ScanView extends DeviceScanResult {
  /** Decided on this device from its list (offline), or by the server. */
  decidedOffline: boolean;
}

export interface ScannerState {
  ready: boolean;
  online: boolean;
  list: ListState;
  pending: number;
  syncing: boolean;
  lastSync: { at: string; synced: number; conflicts: ScanView[] } | null;
  result: ScanView | null;
  scan: (text: string) => Promise<void>;
  sync: () => Promise<void>;
}

interface ServerResult extends DeviceScanResult {
  id: string;
}

async function postScans(deviceId: string, scans: object[]): Promise<ServerResult[]> {
  const response = await fetch("/api/boarding/scans", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ deviceId, scans }),
  });
  if (!response.ok) throw new Error(`scans answered ${response.status}`);
  return ((await response.json()) as { results: ServerResult[] }).results;
}

export function useScanner(options: {
  sailingId: number | null;
  publicKey: PublicKeyInfo;
  language: string;
}): ScannerState {
  const { sailingId, publicKey, language } = options;
  const store = useRef<DeviceStore | null>(null);
  const deviceId = useRef<string>("");
  const list = useRef<BoardingList | null>(null);
  const syncingNow = useRef(false);
  const [ready, setReady] = useState(false);
  const [online, setOnline] = useState(true);
  const [listState, setListState] = useState<ListState>({ kind: "loading" });
  const [pending, setPending] = useState(0);
  const [syncing, setSyncing] = useState(false);
  const [lastSync, setLastSync] = useState<ScannerState["lastSync"]>(null);
  const [result, setResult] = useState<ScanView | null>(null);

  const adopt = useCallback(
    async (signed: SignedBoardingList, save: boolean): Promise<boolean> => {
      const verified = await verifyList(signed, publicKey, new Date());
      if (!verified || (sailingId !== null && !verified.sailings.some((sailing) => sailing.id === sailingId)))
        return false;
      list.current = verified;
      if (save) await store.current?.saveList(signed, verified);
      setListState({
        kind: "ready",
        tickets: verified.tickets.length,
        issuedAt: verified.issuedAt,
        expiresAt: verified.expiresAt,
      });
      return true;
    },
    [publicKey, sailingId],
  );

  const refreshList = useCallback(async () => {
    if (sailingId === null || !store.current) return;
    try {
      const response = await fetch(`/api/boarding/list?sailing=${sailingId}&lang=${language}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`list answered ${response.status}`);
      // A list that does not verify is never kept: the stored one (if any) stays in use.
      if (!(await adopt((await response.json()) as SignedBoardingList, true)) && !list.current)
        setListState({ kind: "invalid" });
    } catch {
      if (!list.current) setListState({ kind: "missing" });
    }
  }, [adopt, language, sailingId]);

  const countPending = useCallback(async () => setPending((await store.current?.queue())?.length ?? 0), []);

  const sync = useCallback(async () => {
    const device = store.current;
    if (!device || syncingNow.current) return;
    const queued = await device.queue();
    if (queued.length === 0) {
      await refreshList();
      return;
    }
    syncingNow.current = true;
    setSyncing(true);
    try {
      const results = await postScans(
        deviceId.current,
        queued.map(({ id, sailingId: sailing, payload, scannedAt, offline, deviceOutcome }) => ({
          id,
          sailingId: sailing,
          payload,
          scannedAt,
          offline,
          deviceOutcome,
        })),
      );
      await device.dequeue(results.map((item) => item.id));
      setLastSync({
        at: new Date().toISOString(),
        synced: results.length,
        conflicts: results.filter((item) => item.conflict).map((item) => ({ ...item, decidedOffline: false })),
      });
      await refreshList();
    } catch {
      // Still offline, or the server is away: the queue stays and the next attempt sends it again.
    } finally {
      syncingNow.current = false;
      setSyncing(false);
      await countPending();
    }
  }, [countPending, refreshList]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const device = await DeviceStore.open();
      if (cancelled) return;
      store.current = device;
      deviceId.current = await device.deviceId();
      const saved = await device.savedList();
      if (!(saved && (await adopt(saved, false)))) setListState(saved ? { kind: "invalid" } : { kind: "loading" });
      setOnline(navigator.onLine);
      await countPending();
      setReady(true);
      if (navigator.onLine) await sync();
    })();
    return () => {
      cancelled = true;
    };
  }, [adopt, countPending, sync]);

  useOnlineSync(setOnline, sync);

  const decideOffline = useCallback(
    async (text: string): Promise<ScanView> => {
      const decided = await decideOfflineScan(store.current!, list.current, sailingId, publicKey, text);
      if (decided.queued) await countPending();
      return decided.view;
    },
    [countPending, publicKey, sailingId],
  );

  const scan = useCallback(
    async (text: string) => {
      const device = store.current;
      if (!device || sailingId === null || text.trim() === "") return;
      let view: ScanView;
      if (navigator.onLine) {
        try {
          view = await scanOnline(device, deviceId.current, list.current, sailingId, text);
        } catch {
          view = await decideOffline(text);
        }
      } else {
        view = await decideOffline(text);
      }
      setResult(view);
    },
    [decideOffline, sailingId],
  );

  return { ready, online, list: listState, pending, syncing, lastSync, result, scan, sync };
}

/** Online and offline as the browser says, and a sync on coming back online and every few minutes. */
function useOnlineSync(setOnline: (online: boolean) => void, sync: () => Promise<void>) {
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sync();
    }, LIST_REFRESH_MS);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.clearInterval(timer);
    };
  }, [sync]);
}

/**
 * A scan decided on the device from the signed list (and the pass a QR carries): queued for the
 * server, and a boarding remembered so that the same ticket is refused next.
 */
async function decideOfflineScan(
  device: DeviceStore,
  list: BoardingList | null,
  sailingId: number | null,
  publicKey: PublicKeyInfo,
  text: string,
): Promise<{ view: ScanView; queued: boolean }> {
  const scannedAt = new Date();
  if (!list || sailingId === null)
    return {
      view: { ...checkOffline(emptyList(), text, -1, new Map(), scannedAt), decidedOffline: true },
      queued: false,
    };
  const local = new Map<string, LocalBoarding>((await device.boarded()).map((boarding) => [boarding.code, boarding]));
  // A ticket sold after the list was made boards by the pass its QR carries, once our key verifies it.
  const parsed = parseTicketPayload(text);
  const known = parsed !== null && list.tickets.some((ticket) => ticket.code === parsed.code);
  const passVerified = parsed?.pass && !known ? await verifyPass(parsed.pass, publicKey) : false;
  const decided = checkOffline(list, text, sailingId, local, scannedAt, passVerified);
  const now = scannedAt.toISOString();
  const queued: QueuedScan = {
    id: crypto.randomUUID(),
    sailingId,
    payload: text.trim(),
    scannedAt: now,
    offline: true,
    deviceOutcome: decided.outcome,
  };
  await device.enqueue(queued);
  if (decided.outcome === "boarded" && decided.code) {
    const ticket = list.tickets.find((candidate) => candidate.code === decided.code);
    await device.rememberBoarding({
      code: decided.code,
      at: now,
      sailingId,
      open: ticket ? ticket.sailingId === null : parsed?.pass?.claims.sailingId === null,
    });
  }
  return { view: { ...decided, decidedOffline: true }, queued: true };
}

/** A scan the server decides; a boarding it grants is remembered on the device too. */
async function scanOnline(
  device: DeviceStore,
  deviceId: string,
  list: BoardingList | null,
  sailingId: number,
  text: string,
): Promise<ScanView> {
  const [answer] = await postScans(deviceId, [
    {
      id: crypto.randomUUID(),
      sailingId,
      payload: text.trim(),
      scannedAt: new Date().toISOString(),
      offline: false,
      deviceOutcome: null,
    },
  ]);
  if (answer!.outcome === "boarded" && answer!.code) {
    const ticket = list?.tickets.find((candidate) => candidate.code === answer!.code);
    await device.rememberBoarding({
      code: answer!.code,
      at: answer!.boardedAt ?? new Date().toISOString(),
      sailingId,
      open: ticket?.sailingId === null,
    });
  }
  return { ...answer!, decidedOffline: false };
}

function emptyList(): BoardingList {
  return { version: 1, keyId: "", issuedAt: "", expiresAt: "", serviceDate: "", chosen: [], sailings: [], tickets: [] };
}
