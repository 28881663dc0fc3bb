import { SearchStoreKind } from "../../config/search-store";
import { rulesOf } from "../contribution";
import { searchStoreGroup } from "./alerts";

/** The store's alerts while its exporter is scraped as job elasticsearch, naming the store it watches (Elasticsearch OSS unless said). */
export const searchStoreRules = rulesOf(
    (c: { kind?: SearchStoreKind }) => [searchStoreGroup(c.kind)],
    (s) => (s.searchStore.enabled && s.searchStore.exporter.enabled ? { kind: s.searchStore.kind } : undefined),
    () => ({}),
);
