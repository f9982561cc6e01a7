/*
 * The part of madge's JavaScript API the import-circle test uses (madge ships no types):
 * `madge(dirs, config)` reads the imports of every file under the directories; `madge(tree)`
 * takes a graph built elsewhere, such as the files' graph grouped by module.
 */
declare module 'madge' {
  /** A graph: each node (a file path relative to the directory read, or any name) → the nodes it imports. */
  export type DependencyTree = Record<string, string[]>;

  export interface MadgeConfig {
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    tsConfig?: string | object;
    baseDir?: string;
    detectiveOptions?: object;
  }

  export interface MadgeInstance {
    /** Every node and what it imports. */
    obj(): DependencyTree;
    /** Each circle found, as the nodes along it (the last imports the first). */
    circular(): string[][];
    /** Imports that could not be resolved to a file (packages of node_modules are not reported). */
    warnings(): { skipped: string[] };
  }

  export default function madge(path: string | string[] | DependencyTree, config?: MadgeConfig): Promise<MadgeInstance>;
}
