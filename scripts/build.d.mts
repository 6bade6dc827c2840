export const distDir: string;
export function build(options?: { mode?: 'production' | 'development' }): Promise<{ files: Record<string, string> }>;
export function parseJson(file: string, text: string): unknown;
export function groupProblems(groups: unknown, registry: Record<string, string>, runtimes?: Record<string, string>): string;
export function strategyShapeError(strategy: unknown): string;
