import { Component } from "../contribution";
import { searchStoreProblems } from "./checks";
import { serverEndpointAt } from "../auth-gateway/checklist-endpoints";
import { wayIn } from "../../config";
import { waysInAt } from "../common/ways-in";
import { KIBANA_KEY } from "../../config";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { SEARCH_STORE_KEY } from "../../config";
import { searchStoreRules } from "./rule-groups";
import { SEARCH_STORE_FAMILY_TABLES, searchStoreContribution } from "./contribution";
import { SearchStore } from "./search-store";
import { gatewayInFront } from "../auth-gateway/in-front";
import { kibanaGatewayModel } from "./kibana/gateway";
import { SEARCH_STORE_JOB_NAME } from "./layout";

/** The in-cluster search store, for development; off by default. */
export const searchStore: Component = {
    name: "search-store",
    jobNames: (s) => ({ own: [fixedJob(SEARCH_STORE_JOB_NAME, claimKey(SEARCH_STORE_KEY, "exporter.enabled"), s.searchStore.enabled && s.searchStore.exporter.enabled)] }),
    // Its UI's HTTPRoute (the UI has no Ingress setting).
    waysIn: (s) => ({ routes: waysInAt(KIBANA_KEY, s.searchStore.enabled && s.searchStore.kibana.enabled, undefined, s.searchStore.kibana.httpRoute).routes }),
    endpoints: (s) => (s.searchStore.enabled && s.searchStore.kibana.enabled ? serverEndpointAt("Kibana", s.searchStore.kibana.name, s.searchStore.namespace, wayIn(KIBANA_KEY, s.searchStore.kibana), undefined) : []),
    contribute: searchStoreContribution,
    checks: searchStoreProblems,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: searchStoreRules,
    familyTables: SEARCH_STORE_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.searchStore.enabled) {
            return {};
        }
        const store = new SearchStore("search-store", { settings: settings.searchStore, namespaces }, opts);
        // The auth gateway in front of Kibana's HTTPRoute under auth.proxy: Kibana OSS has no login of its own.
        const gateway = gatewayInFront(kibanaGatewayModel(settings.searchStore), {}, namespaces, opts);
        /** The in-cluster OpenSearch's generated password for user admin (Dashboards' login): pulumi stack output searchStorePassword --show-secrets. */
        return { logStore: { agentPasswordGeneration: store.agentPasswordGeneration }, outputs: { searchStoreUrl: store.url, searchStorePassword: store.password, kibanaIngressPasswords: gateway?.passwords } };
    },
};
