export const distDir: string;
export function build(options?: { mode?: 'production' | 'development' }): Promise<{ files: Record<string, string> }>;
