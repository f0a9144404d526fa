export const STEPS: string[];
export function operatorDate(days: number, now?: Date): string;
export function percentile(values: number[], p: number): number | null;
export interface TicketMailbox {
  url: string;
  ticketsFor(to: string, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}
export function startTicketMailbox(): Promise<TicketMailbox>;
export class JourneyFailure extends Error {
  step: string;
  constructor(step: string, message: string);
}
export interface StepSummary {
  step: string;
  count: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
}
export interface Recorder {
  timings: Map<string, number[]>;
  serverErrors: { step: string; status: number; body: string }[];
  failures: string[];
  reloads: number;
  busy: { step: string; ms: number }[];
  retriedAfterNodeLoss: string[];
  summary(): StepSummary[];
}
export function createRecorder(): Recorder;
export function runBuyers(options: {
  origin: string;
  buyers: number;
  days: number;
  mailbox: TicketMailbox;
  mailTimeoutMs?: number;
}): Promise<{ recorder: Recorder; seconds: number }>;
export function formatSummary(recorder: Recorder, run: { buyers: number; seconds: number }): string;
export function buyerJourney(options: {
  origin: string;
  index: number;
  days: number;
  recorder: Recorder;
  mailbox: TicketMailbox;
  mailTimeoutMs: number;
}): Promise<void>;
