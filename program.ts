import * as k8s from "@pulumi/kubernetes";
import { clusterProviderArgs, providerAfter } from "./components/cluster";
import { consoles as consolesOf } from "./components/consoles";
import { Namespaces } from "./components/namespaces";
import { pulumiConfigSource } from "./config";
import { composition } from "./stack";
import { buildComponents, providerGate } from "./stack/build";
import { logCapacityPlan } from "./stack/capacity-plan";
import { programSettings } from "./stack/program-settings";
import { keptFamiliesOf } from "./stack/family-tables";
import { teamContractOf } from "./stack/team-contract";
import { PROGRAM_VERSION } from "./stack/version";

// Validation, the checks across components included, throws before the first resource is registered, so a bad stack file creates nothing.
// The offline render hands over the settings it loaded from the same config (stack/program-settings.ts).
const settings = programSettings(pulumiConfigSource());
// At preview, the series each job will store and the memory they need beside Prometheus' request (docs/capacity.md).
logCapacityPlan(settings);
// What the components contribute, folded in the open (stack/): scrape jobs, rule files, dashboards.
const composed = composition(settings);

// The composition root's base: the one provider every resource uses, and the namespaces every component's objects wait on.
// It waits for what other stacks hand this one (an edge's write password), checked as the stack file is: a wrong value fails it, and every resource, before anything is applied.
const cluster = new k8s.Provider("cluster", providerAfter(clusterProviderArgs(settings.cluster), providerGate(settings)));
const onCluster = { providers: [cluster] };
const namespaces = new Namespaces("namespaces", { settings, namespaceWorkloads: composed.namespaceWorkloads }, onCluster);

// Every component's resources, by one loop over the component list (stack/components.ts), and the stack outputs they offer.
Object.assign(exports, buildComponents(settings, composed, namespaces, onCluster));

// What `npm run access` prints: each UI's Service and port, or its Ingress URL.
export const consoles = consolesOf(settings);
/** Per job, the families it keeps and drops by name (docs/scrape-jobs.md#what-each-job-keeps): what teams' own rules can read. */
export const keptFamilies = keptFamiliesOf(composed.scrapeConfigs.map((j) => j.job_name), settings.metrics.keepFamilies);
/** What `npm run team:check` holds a team's labelled ConfigMaps to: release line, kept families, namespaces, labels, the platform's uids (docs/monitor-your-app.md#check-before-you-apply). */
export const teamContract = teamContractOf(settings, keptFamilies);
/** The release this stack runs (package.json's version, docs/upgrading.md): which CHANGELOG.md entries its next upgrade crosses. */
export const version = PROGRAM_VERSION;
