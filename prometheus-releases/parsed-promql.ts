import { parser } from "@prometheus-io/lezer-promql";

/**
 * The grammar's tree of a PromQL text, parsed once per process. One render asks for the same
 * expression many times (the overridable-rules catalog reads every rule of every release line, and
 * each rule's thresholds and series comparisons read it again; dashboards' cluster matcher reads
 * each panel's query): parsing was a twentieth of the render (docs/performance.md). lezer's trees
 * are immutable, and every reader walks its own cursor, so one tree serves them all.
 */
type Tree = ReturnType<typeof parser.parse>;

const trees = new Map<string, Tree>();

export function parsedPromql(text: string): Tree {
    let tree = trees.get(text);
    if (tree === undefined) {
        tree = parser.parse(text);
        trees.set(text, tree);
    }
    return tree;
}
