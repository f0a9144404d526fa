// Reading a QR with the phone: the camera (BarcodeDetector where the browser has it, else jsQR,
// loaded only then) or a photo of the code. What is read goes to `onCode` like a typed code.
import { useEffect, useRef, useState } from "react";

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

/** The same code read again within this time is the same scan, not a second one. */
const REPEAT_MS = 3_000;

async function decodeCanvas(canvas: HTMLCanvasElement): Promise<string | null> {
  if (window.BarcodeDetector) {
    try {
      const [found] = await new window.BarcodeDetector({ formats: ["qr_code"] }).detect(canvas);
      if (found) return found.rawValue;
      return null;
    } catch {
      // Some browsers expose the class without a QR engine: fall through to jsQR.
    }
  }
  const { default: jsQR } = await import("jsqr");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" })?.data ?? null;
}

function drawScaled(source: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement): void {
  // Large photos are scaled to 1000 px: plenty of pixels per module for a ticket's QR, and fast.
  const scale = Math.min(1, 1000 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext("2d", { willReadFrequently: true })?.drawImage(source, 0, 0, canvas.width, canvas.height);
}

export function QrReader(props: {
  onCode: (text: string) => void;
  labels: { start: string; stop: string; photo: string; unavailable: string; notFound: string };
}) {
  const { onCode, labels } = props;
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [active, setActive] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);

  const deliver = (text: string) => {
    const now = Date.now();
    if (last.current && last.current.text === text && now - last.current.at < REPEAT_MS) return;
    last.current = { text, at: now };
    onCode(text);
  };

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        const element = video.current;
        if (!element || stopped) return;
        element.srcObject = stream;
        await element.play();
        canvas.current ??= document.createElement("canvas");
        while (!stopped) {
          if (element.videoWidth > 0) {
            drawScaled(element, element.videoWidth, element.videoHeight, canvas.current);
            const text = await decodeCanvas(canvas.current);
            if (text) deliver(text);
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch {
        setMessage(labels.unavailable);
        setActive(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    // The camera restarts only when switched; deliver and the labels read the latest values.
  }, [active]);

  const readPhoto = async (file: File) => {
    setMessage(null);
    try {
      const bitmap = await createImageBitmap(file);
      canvas.current ??= document.createElement("canvas");
      drawScaled(bitmap, bitmap.width, bitmap.height, canvas.current);
      const text = await decodeCanvas(canvas.current);
      if (text) deliver(text);
      else setMessage(labels.notFound);
    } catch {
      setMessage(labels.notFound);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-lg bg-sea-800 px-4 py-3 font-semibold text-white"
          onClick={() => setActive((value) => !value)}
          aria-pressed={active}
        >
          {active ? labels.stop : labels.start}
        </button>
        <label className="cursor-pointer rounded-lg border border-sea-800 px-4 py-3 font-semibold text-sea-900">
          {labels.photo}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            data-testid="scanner-photo"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void readPhoto(file);
              event.currentTarget.value = "";
            }}
          />
        </label>
      </div>
      {active ? (
        <video
          ref={video}
          className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover"
          muted
          playsInline
        />
      ) : null}
      {message ? <p className="text-sm text-amber-800">{message}</p> : null}
    </div>
  );
}
