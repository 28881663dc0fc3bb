import * as os from "os";

/**
 * Runs `work` on every item, at most `size` at a time (by default one per CPU), and gives the
 * results in the items' order. For real-binary work that a test would otherwise run one call
 * after another (promtool on many files): the calls overlap, the results and their order do not
 * change. Items are started in the order given, so a caller that knows its longest items can put
 * them first, and the last one to finish is a short one.
 */
export async function inPool<T, R>(items: readonly T[], work: (item: T) => Promise<R>, size = os.availableParallelism()): Promise<R[]> {
    const results: R[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const i = next++;
            results[i] = await work(items[i]);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, worker));
    return results;
}
