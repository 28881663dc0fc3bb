/**
 * The composition root, as kube-prometheus' main.libsonnet: each component folder contributes its
 * scrape jobs, rule groups, dashboards and object names; this folder puts them together in the
 * open, runs the checks across components, and hands each component what the others contribute.
 * Nothing under components/ imports from here (tests/import-graph.test.ts).
 */
import { ConfigSource, loadSettings, Settings } from "../config";
import { Composition } from "../components/contribution";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "./dashboards-on-demand";
import { droppedByTable, FAMILY_TABLES } from "./family-tables";
import { assertNoNameCollisions, recordSource } from "./object-names";
import { alertCatalog, stackRuleFiles } from "./rule-groups";
import { foldOf } from "./fold";
import { checkWorkloadHatches } from "./workload-hatches";
import { checkGrafanaHatches } from "./grafana-checks";
import { OWN_KEYS } from "./own-keys";

/**
 * Loads and validates every key (config/), then runs the checks of the hatches on the built pods. Throws one
 * ConfigError listing every problem before any resource is registered.
 */
export function loadStackSettings(source: ConfigSource): Settings {
    const s = recordSource(loadSettings(source, { ...alertCatalog(), familyFilters: Object.fromEntries(Object.keys(FAMILY_TABLES).map((job) => [job, droppedByTable(job)])), ownKeys: OWN_KEYS }), source);
    checkWorkloadHatches(s);
    checkGrafanaHatches(s);
    return s;
}

/** What the components contribute to Prometheus: its scrape jobs (with what each reaches), its rule files and its peers. */
export type PrometheusContributions = Omit<Composition, "dashboards">;

export function prometheusContributions(s: Settings): PrometheusContributions {
    return { ...foldOf(s), ruleFiles: stackRuleFiles(s) };
}

/** The fold of every component's contribution that the resources read (components/contribution.ts). */
export function composition(s: Settings): Composition {
    return { ...prometheusContributions(s), dashboards: () => dashboardsFor(s, PROJECT) };
}

/** The checks across components that only the whole stack can answer; run after the pure builders, before the first resource. */
export function checkAcrossComponents(s: Settings): void {
    assertNoNameCollisions(s);
}

