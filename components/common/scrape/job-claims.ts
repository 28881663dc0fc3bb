import { fullKey, jobName, METRICS_KEY, Settings } from "../../../config";
import { Problems } from "../../../config/problems";

/**
 * The one registry of scrape-job names (docs/scrape-jobs.md#job-names), as claims each component
 * contributes for the jobs it may bring (Component.jobNames) and the composition root folds over
 * the component list (stack/job-names.ts). A name is a job_name, which Prometheus refuses twice in
 * one config ("found multiple scrape configs with job name"), and a job label, under which two
 * sources would mix their series, their `up` and their alerts.
 */

/** One scrape job, or job label, and the stack key that brings it in. */
export interface JobClaim {
    name: string;
    key: string;
    /** A name the stack chose (metrics.name, a service's, a probe's) rather than a fixed one that a switch turns on. */
    chosen: boolean;
    /** Whether the switch at `key` is on (always, for a name that is there whenever the stack is). */
    on: boolean;
    /** Only a job label (Alertmanager's, under the self-monitoring job), never a job_name: no per-job limit can apply to it. */
    labelOnly?: true;
    /** A chosen name that the stack left at its default (metrics.name, alertmanager.name unset): never the one blamed for a clash. */
    defaulted?: true;
}

/** The full key of a field of a component's stack key, as claims name it. */
export function claimKey(stackKey: string, field: string): string {
    return `${fullKey(stackKey)}.${field}`;
}

/**
 * A fixed name, brought in by the switch at `key`. It is claimed whether the switch is on or off
 * (reservingClaims), so a component claims it from its settings whatever they say.
 */
export function fixedJob(name: string, key: string, on: boolean): JobClaim {
    return { name, key, chosen: false, on };
}

/** A name the stack chose at `key`, which holds only while what it names runs (`on`). */
export function chosenJob(name: string, key: string, on: boolean): JobClaim {
    return { name, key, chosen: true, on };
}

/**
 * The names a claim holds. A fixed name holds whether its switch is on or off: turning a switch on
 * must never break a stack that loads today, and a name the user chose is cheap to change now and
 * dear later (metrics.name is the StatefulSet's, its volumes' and its series' job label). A chosen
 * name of a component that is off holds nothing: nothing runs under it, and switching the
 * component on is an edit at that very key, where the clash is then reported.
 */
export function reservingClaims(claims: readonly JobClaim[]): JobClaim[] {
    return claims.filter((c) => c.on || !c.chosen);
}

/** How much a claim is the stack's own doing: a name it wrote, a default name, a fixed one. The most its own is blamed. */
const ownership = (c: JobClaim): number => (c.chosen ? (c.defaulted ? 1 : 2) : 0);

/**
 * The one check: two claims of one name are refused once, at the name the stack wrote (of two it
 * wrote, the later; never a key it left at its default: issue #33, class 7), naming the other
 * claim's key, and saying when that one is a default the stack may change instead.
 */
export function checkJobClaims(claims: readonly JobClaim[], problems: Problems): void {
    const holding = reservingClaims(claims);
    holding.forEach((claim, i) => {
        const earlier = holding.slice(0, i).find((c) => c.name === claim.name);
        if (earlier === undefined) {
            return;
        }
        const [blamed, other] = ownership(earlier) > ownership(claim) ? [earlier, claim] : [claim, earlier];
        const reserved = other.on ? "brings in" : "reserves (switched off, so that switching it on cannot break the stack)";
        const otherKey = other.defaulted ? `${other.key} (not set in the stack, so its default)` : other.key;
        const instead = other.defaulted ? `; or set ${other.key} to another name` : "";
        problems.add(
            blamed.key,
            blamed.name,
            `a job name not used by another job: ${otherKey} ${reserved} a job named ${other.name}${instead}; ` +
                "Prometheus refuses a config with two jobs of one name, and one job label would mix two sources' series and alerts",
        );
    });
}

/** A job of metrics.jobs, named after its switch (logAgent is log-agent), claimed by the component that builds it. */
export function switchedJob(s: Settings, job: keyof Settings["metrics"]["jobs"]): JobClaim {
    return fixedJob(jobName(job), claimKey(METRICS_KEY, `jobs.${job}`), s.metrics.jobs[job]);
}
