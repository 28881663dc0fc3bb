import { Component } from "../contribution";
import { fullKey, LONG_TERM_STORE_KEY } from "../../config";
import { centralClusterLabelProblems } from "./central-cluster-label";
import { longTermStoreEndpoints } from "./endpoints";
import { longTermStoreJobNames } from "./job-names";
import { longTermStoreRules } from "./rule-groups";
import { longTermStoreContribution } from "./contribution";
import { edgeStackPasswords, edgeStacksChecked } from "./edge-stack-credentials";
import { EDGE_CREDENTIAL_OUTPUT } from "./edge-credential";
import { LongTermStore } from "./long-term-store";
import { longTermStoreServer } from "./server";

/** Optional: VictoriaMetrics, which every Prometheus replica remote-writes to (docs/long-term-storage.md). */
export const longTermStore: Component = {
    name: "long-term-store",
    jobNames: longTermStoreJobNames,
    endpoints: longTermStoreEndpoints,
    checks: centralClusterLabelProblems,
    // Its dedup window while it runs (-dedup.minScrapeInterval), which the stack's scrape intervals bound.
    dedup: (s) => ({ windows: s.longTermStore.enabled ? [{ key: `${fullKey(LONG_TERM_STORE_KEY)}.dedupInterval`, interval: longTermStoreServer(s).dedupInterval }] : [] }),
    // vmauth's users, one per edge (longTermStore.edges[].cluster).
    authFacts: (s) => ({ vmauthUsers: s.longTermStore.enabled ? s.longTermStore.edges.map((e) => e.cluster) : [] }),
    contribute: longTermStoreContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    gate: (s) => edgeStacksChecked(s.longTermStore),
    rules: longTermStoreRules,
    // An edge stack's credential, as the edge exports it (edge-credential.ts), with the placeholder for its password.
    offlineStandIns: (s, placeholder) =>
        s.longTermStore.enabled
            ? s.longTermStore.edges.flatMap((e) =>
                  e.stack === undefined ? [] : [{ stack: e.stack, output: EDGE_CREDENTIAL_OUTPUT, secret: true, value: { cluster: e.cluster, username: e.cluster, password: placeholder(e.stack, EDGE_CREDENTIAL_OUTPUT) } }],
              )
            : [],
    build({ settings, namespaces, opts }) {
        const s = longTermStoreServer(settings);
        if (!s.enabled) {
            return {};
        }
        // A central stack reads each edge's password from the edge's stack (docs/long-term-storage.md#central-and-edge-stacks).
        // The loaded settings' own object, as the gate reads them: the edge stacks are read once per object.
        const read = edgeStackPasswords(settings.longTermStore);
        const edgePasswords = { ...(s.edgePasswords ?? {}), ...read };
        const store = new LongTermStore("long-term-store", { settings: Object.keys(edgePasswords).length > 0 ? { ...s, edgePasswords } : s, namespaces }, opts);
        return {
            outputs: {
                longTermStoreUrl: store.url,
                // Where a central stack's edges write (docs/long-term-storage.md#central-and-edge-stacks): its vmauth Ingress.
                longTermStoreEdgeUrl: store.edgeUrl,
            },
        };
    },
};
