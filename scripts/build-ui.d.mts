export const uiDistDir: string;
export const UI_PUBLIC_URL: string;
export function buildHarnessUi(options?: {
  mode?: 'production' | 'development';
  /** Each file's source map inline (npm start). */
  sourceMaps?: boolean;
}): Promise<{ dir: string; files: Record<string, { bytes: number; gzip: number }> }>;
