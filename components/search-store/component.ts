import { Component } from "../contribution";
import { searchStoreRuleGroups } from "./rule-groups";
import { SEARCH_STORE_FAMILY_TABLES, searchStoreContribution } from "./contribution";
import { SearchStore } from "./search-store";

/** The in-cluster search store, for development; off by default. */
export const searchStore: Component = {
    name: "search-store",
    contribute: searchStoreContribution,
    rules: searchStoreRuleGroups,
    familyTables: SEARCH_STORE_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.searchStore.enabled) {
            return {};
        }
        const store = new SearchStore("search-store", { settings: settings.searchStore, namespaces }, opts);
        /** The in-cluster OpenSearch's generated password for user admin (Dashboards' login): pulumi stack output searchStorePassword --show-secrets. */
        return { logStore: { agentPasswordGeneration: store.agentPasswordGeneration }, outputs: { searchStoreUrl: store.url, searchStorePassword: store.password } };
    },
};
