export interface Measure {
  label: string;
  value: number | null;
  unit: string;
}
export interface Figure extends Measure {
  baseline?: Measure;
  ratio?: number | null;
  budget?: { value: number; ok: boolean };
}
export interface BenchResult {
  name: string;
  title: string;
  backend?: string;
  figures: Figure[];
  notes?: string[];
  error?: string;
  seconds: number;
}
export interface Report {
  startedAt: string;
  finishedAt: string;
  machine: Record<string, unknown>;
  results: BenchResult[];
}
export function percentile(values: readonly number[], p: number): number;
export function median(values: readonly number[]): number;
export function medianRun<Run extends { fcp: number; tti: number }>(runs: readonly Run[]): Run | undefined;
export function sailingTimes(html: string): string[];
export function serverTimingMs(header: string | null | undefined, name?: string): number | null;
export function firstLoadScripts(html: string): string[];
export function frameworkScripts(html: string): string[];
export function ratioOf(value: number | null | undefined, baseline: number | null | undefined): number | null;
export function renderMarkdown(report: Report): string;
export function operatorDate(days: number, now?: Date): string;
