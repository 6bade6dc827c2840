export const extensionDir: string;
export const hostsFile: string;
export function checkHosts(hosts: unknown, source?: string): string[];
export function buildExtension(options?: {
  distDir?: string;
  outDir?: string;
  hosts?: string[];
}): Promise<{ dir: string; files: string[]; hosts: string[] }>;
