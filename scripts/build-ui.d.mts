export const uiDistDir: string;
export const UI_PUBLIC_URL: string;
export function buildHarnessUi(options?: {
  mode?: 'production' | 'development';
}): Promise<{ dir: string; files: Record<string, { bytes: number; gzip: number }> }>;
