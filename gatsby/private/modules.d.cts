/** Types of modules.cjs, the registry of Gatsby's private modules and shapes (ADR 077). */
export interface Entry {
  package: string;
  file: string;
  shape?: Record<string, string>;
  texts?: RegExp[];
  also?: { file: string; texts: RegExp[] };
  more?: Array<{ file: string; texts: RegExp[] }>;
  main?: boolean;
  usedBy: string;
}
export declare const ENTRIES: Readonly<Record<string, Entry>> & {
  statefulSourceAction: Entry & { action: { type: string; plugin: { name: string } }; state: string };
  pageLoader: Entry & { browser: { global: string; method: string } };
  pagePath: Entry & { browser: { global: string; notFound: string } };
};
export declare function packageDir(root: string, name: string): string | undefined;
export declare function locate(root: string, id: string): string;
export declare function load(root: string, id: string): unknown;
export declare function shapeProblems(id: string, module: unknown): string[];
export declare function textProblems(root: string, id: string): string[];
export declare function modulePattern(id: string): RegExp;
