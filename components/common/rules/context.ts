import { PrometheusRelease } from "../../../prometheus-releases/release-lines";

/**
 * What every component's default rules share, for a stack as for the catalog of every default
 * group on a release line: no switch, since a component that is off, or whose job is, simply
 * gives no group (components/contribution.ts, ComponentRules).
 */
export interface RuleBasis {
    /** The self-monitoring job's label: the Prometheus Service's name (relabel rule 6). */
    prometheusJob: string;
    /** The release line the rules run on, whose families they name (prometheus-releases/release-lines.ts). */
    release: PrometheusRelease;
}
