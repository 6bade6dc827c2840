export const distDir: string;
/** sourceMaps: each file's source map inline (npm start). */
export function build(options?: { mode?: 'production' | 'development'; sourceMaps?: boolean }): Promise<{ files: Record<string, string> }>;
export function parseJson(file: string, text: string): unknown;
export function groupProblems(groups: unknown, registry: Record<string, string>, runtimes?: Record<string, string>): string;
export function strategyShapeError(strategy: unknown): string;
