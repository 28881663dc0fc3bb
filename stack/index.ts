/**
 * The composition root, as kube-prometheus' main.libsonnet: each component folder contributes its
 * scrape jobs, rule groups, dashboards and object names; this folder puts them together in the
 * open, runs the checks across components, and hands each component what the others contribute.
 * Nothing under components/ imports from here (tests/import-graph.test.ts).
 */
import { ConfigError, ConfigProblem, ConfigSource, readSettings, Settings } from "../config";
import { Composition } from "../components/contribution";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "./dashboards-on-demand";
import { droppedByTable, FAMILY_TABLES } from "./family-tables";
import { nameCollisionProblems, recordSource } from "./object-names";
import { alertCatalog, stackRuleFiles } from "./rule-groups";
import { foldOf } from "./fold";
import { OWN_KEYS } from "./own-keys";
import { componentCheckSteps } from "./workload-hatches";
import { jobNameProblems } from "./job-names";
import { hostPortProblems } from "./host-ports";
import { wayInProblems } from "./ways-in";
import { capacityProblems } from "./capacity-plan";
import { probeGuardProblems } from "./probe-guards";
import { dedupProblems } from "./dedup-intervals";
import { LaterProblem } from "../components/common/later-problem";

/**
 * Loads and validates every key (config/), and runs the checks
 * that need what the components build: the workloads' hatches, Grafana's, the names across
 * components, and the capacity plan's memory when the stack states its size
 * (stack/capacity-plan.ts). Throws one ConfigError listing every problem of all of them before
 * any resource is registered (issue #41, class 9): the checks after the load run on each key as parsed, or on its
 * stand-in while it has problems of its own (config/partial.ts), so fixing what one run reports
 * reveals nothing that was already wrong.
 */
export function loadStackSettings(source: ConfigSource): Settings {
    const read = readSettings(source, { ...alertCatalog(), ownKeys: OWN_KEYS });
    const later: LaterProblem[] = [];
    let settings: Settings | undefined;
    const partial = read.problems.length > 0;
    const wired = read.settings === undefined ? undefined : laterStep(() => recordSource(read.settings!, source), partial);
    if (Array.isArray(wired)) {
        later.push(...wired);
    } else if (wired !== undefined) {
        for (const check of [jobNameProblems, hostPortProblems, wayInProblems, probeGuardProblems, dedupProblems, ...componentCheckSteps(), nameCollisionProblems, capacityProblems]) {
            later.push(...(laterStep(() => check(wired), partial) ?? []));
        }
        settings = wired;
    }
    // A problem at a key already reported is left out: that key's value is being fixed, and the next run judges the new one.
    // So is one that read such a key (LaterProblem.reads): it may only be that key's stand-in speaking.
    const problems = [
        ...read.problems,
        ...later.filter((p) => !coveredBy(p.key, read.problems) && !(p.reads ?? []).some((k) => coveredBy(k, read.problems))).map(({ key, got, expected }) => ({ key, got, expected })),
    ];
    if (problems.length > 0) {
        throw new ConfigError(problems);
    }
    if (settings === undefined) {
        throw new Error("the settings loaded without a problem, yet could not be recorded");
    }
    return settings;
}

/**
 * One step after the load. On settings that hold stand-ins, a builder may meet a combination the
 * schemas would have refused and throw: the step is then skipped, since its input is wrong and
 * already reported. On valid settings such a throw is a bug, and propagates. A ConfigError's
 * problems join the others.
 */
function laterStep<T>(step: () => T, partial: boolean): T | ConfigProblem[] | undefined {
    try {
        return step();
    } catch (e) {
        if (e instanceof ConfigError) {
            return e.problems;
        }
        if (partial) {
            return undefined;
        }
        throw e;
    }
}

/** Whether any key of `key` ("a, b" names two) is at, under or above a key that `reported` names. */
function coveredBy(key: string, reported: readonly ConfigProblem[]): boolean {
    const parts = (k: string) => k.split(", ");
    const related = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || a.startsWith(`${b}[`) || b.startsWith(`${a}.`) || b.startsWith(`${a}[`);
    return parts(key).some((k) => reported.some((r) => parts(r.key).some((rk) => related(k, rk))));
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

