import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "travesia" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Never log secrets that may ride on a request.
      redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.Password"],
    },
    destination,
  );
}
