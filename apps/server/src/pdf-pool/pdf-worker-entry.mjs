// The PDF workers' entry when the server runs from its TypeScript sources (development, tests):
// Node.js strips the types itself (22.18+; tsconfig's erasableSyntaxOnly keeps the sources to
// what it can strip), three times faster to start a worker than a loader such as tsx. The
// compiled server has its own dist/pdf-worker-entry.mjs (build.mjs).
export * from './pdf-worker.ts';
