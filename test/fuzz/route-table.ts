import type { Operation } from './openapi-operations.js';

interface Node {
  literals: Map<string, Node>;
  /** The child for a templated segment (`{id}`), whatever its name. */
  parameter: Node | null;
  /** Method → operation of the path that ends here. */
  operations: Map<string, Operation>;
}

function node(): Node {
  return { literals: new Map(), parameter: null, operations: new Map() };
}

const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);

function segmentsOf(path: string): string[] {
  // The service ignores one trailing slash: `/api/clients/` is `/api/clients`.
  return path.replace(/\/$/, '').split('/').slice(1);
}

/**
 * The documented paths as a tree of segments, to tell which operation a concrete request
 * is for. The rule is the one OpenAPI states and a client relies on: a fixed segment wins
 * over a templated one, whatever the method. So once `/api/clients/labels` is a documented
 * path, `DELETE /api/clients/labels` is an unknown route (404), never `DELETE
 * /api/clients/{id}` with id `labels`; and `/api/giftcards/code`, the start of
 * `/api/giftcards/code/{code}`, is no gift card id either.
 */
export class RouteTable {
  private readonly root = node();
  private readonly paths = new Set<string>();

  constructor(operations: Operation[]) {
    for (const operation of operations) {
      let at = this.root;
      for (const segment of segmentsOf(operation.path)) {
        if (isTemplate(segment)) {
          at.parameter ??= node();
          at = at.parameter;
        } else {
          let next = at.literals.get(segment);
          if (!next) at.literals.set(segment, (next = node()));
          at = next;
        }
      }
      this.paths.add(operation.path);
      at.operations.set(operation.method, operation);
    }
  }

  /** The operation a request goes to, or null when it is an unknown route (the service must answer 404). */
  resolve(method: string, url: string): Operation | null {
    const path = url.split('?')[0]!;
    let at: Node | undefined = this.root;
    for (const raw of segmentsOf(path)) {
      let segment: string;
      try {
        segment = decodeURIComponent(raw);
      } catch {
        segment = raw; // badly encoded: it can only stand for a templated segment
      }
      const literal: Node | undefined = at.literals.get(segment);
      at = literal ?? at.parameter ?? undefined;
      if (!at) return null;
    }
    return at.operations.get(method) ?? null;
  }

  /**
   * Every documented path with one templated segment replaced by a fixed sibling of it
   * (`/api/clients/{id}/merge` beside `/api/clients/labels/{id}` gives
   * `/api/clients/labels/merge`, and `/api/clients/{id}` gives `/api/clients/labels`); `fill`
   * stands for the other templated segments.
   */
  siblingPaths(fill: string): string[] {
    const paths = new Set<string>();
    for (const path of this.paths) {
      const segments = segmentsOf(path);
      let at: Node = this.root;
      segments.forEach((segment, index) => {
        if (isTemplate(segment)) {
          for (const literal of at.literals.keys()) {
            const concrete = segments.map((s, i) => (i === index ? literal : isTemplate(s) ? fill : s));
            paths.add(`/${concrete.join('/')}`);
          }
          at = at.parameter!;
        } else {
          at = at.literals.get(segment)!;
        }
      });
    }
    return [...paths];
  }
}
