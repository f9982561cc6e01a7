/** One value inside a parsed JSON document: where it is and how deep. */
export interface JsonNode {
  /** Dotted path from the root (`items.0.name`); `''` for the root itself. */
  path: string;
  /** The key under which the value sits in its parent (`''` for the root). */
  key: string;
  value: unknown;
  /** 0 for the root, 1 for its members, and so on. */
  depth: number;
}

/**
 * Every value of a JSON document, depth first, with an explicit stack instead of recursion:
 * the document comes from a client and may be nested far deeper than the call stack allows.
 * `descend` returning false skips a node's children (a caller that has seen enough).
 */
export function* walkJson(root: unknown, descend: (node: JsonNode) => boolean = () => true): Generator<JsonNode> {
  const stack: JsonNode[] = [{ path: '', key: '', value: root, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    const { value } = node;
    if (value === null || typeof value !== 'object' || !descend(node)) continue;
    const children: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item: unknown, index): [string, unknown] => [String(index), item])
      : Object.entries(value);
    // Pushed in reverse so that the first member is visited first, as a reader would.
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, item] = children[i]!;
      stack.push({ path: node.path ? `${node.path}.${key}` : key, key, value: item, depth: node.depth + 1 });
    }
  }
}
