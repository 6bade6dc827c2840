export const extensionDir: string;
export const hostsFile: string;
export const settingsFile: string;
export function checkHosts(hosts: unknown, source?: string): string[];
export function checkSettings(settings: unknown, source?: string): Record<string, string>;
export function buildExtension(options?: {
  distDir?: string;
  outDir?: string;
  hosts?: string[];
  settings?: Record<string, string>;
}): Promise<{ dir: string; files: string[]; hosts: string[]; settings: Record<string, string> }>;
