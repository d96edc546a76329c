import type { ObservedAnswer } from './observed-answers.ts';

type Response = { $ref?: string; content?: Record<string, unknown> };
type Operation = { responses?: Record<string, Response> };
export type ApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Response> };
};

/** A document path as a pattern of the URLs it stands for: `{name}` is one path segment. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * The answers the suites received that the API document does not declare: a status its
 * operation does not list, or a content type its response does not. Calls outside the
 * document's paths (the web app's pages, `/docs` itself) and preflights are not its concern.
 */
export const undeclaredAnswers = (document: ApiDocument, answers: ObservedAnswer[]): string[] => {
  const routes = Object.entries(document.paths).map(([path, operations]) => ({
    path,
    pattern: patternOf(path),
    // A path with fewer parameters is the more specific one: /v1/template/csrf before /{name}.
    parameters: (path.match(/\{/g) ?? []).length,
    operations,
  }));
  routes.sort((a, b) => a.parameters - b.parameters);
  const problems = new Set<string>();
  for (const { method, url, status, type } of answers) {
    const path = url.split('?')[0]!;
    const route = routes.find(
      (each) => each.pattern.test(path) && each.operations[method.toLowerCase()],
    );
    if (!route) continue;
    const operation = route.operations[method.toLowerCase()]!;
    const declared = operation.responses?.[String(status)];
    const name = `${method} ${route.path}`;
    if (!declared) {
      problems.add(`${name} answered ${status}, which the document does not list`);
      continue;
    }
    const response = declared.$ref
      ? document.components?.responses?.[declared.$ref.split('/').at(-1)!]
      : declared;
    const mediaType = type?.split(';')[0]?.trim();
    const declaredTypes = Object.keys(response?.content ?? {});
    if (mediaType && declaredTypes.length > 0 && !declaredTypes.includes(mediaType)) {
      problems.add(
        `${name} answered ${status} as ${mediaType}; the document says ${declaredTypes.join(', ')}`,
      );
    }
  }
  return [...problems].sort();
};
