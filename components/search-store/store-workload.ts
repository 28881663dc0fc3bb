import { SearchStoreSettings } from "../../config";
import { openSearchStatefulSet } from "./opensearch/statefulset";
import { searchStoreStatefulSet } from "./statefulset";

/** The store's StatefulSet, Elasticsearch OSS or OpenSearch; the component and the name registry both build it here. */
export function storeStatefulSet(s: SearchStoreSettings) {
    return s.kind === "opensearch" ? openSearchStatefulSet(s) : searchStoreStatefulSet(s);
}
