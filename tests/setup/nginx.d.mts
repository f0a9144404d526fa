export const NGINX: string;
export function nginxInstalled(): boolean;
export function adaptedConfig(options: {
  port: number;
  upstreams: string[];
  cacheDir: string;
  clientRoot: string;
}): string;
export interface RunningNginx {
  origin: string;
  port: number;
  stop(): Promise<void>;
  errorLog(): string;
}
export function startNginx(options: {
  upstreams: string[];
  clientRoot: string;
  port?: number;
  workers?: number | "auto";
}): Promise<RunningNginx>;
