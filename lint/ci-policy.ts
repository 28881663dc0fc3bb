/**
 * Checks of this repository's CI rules on parsed workflows (objects from `yaml.parse`), for the
 * parts that actionlint cannot see: inputs of SHA-pinned actions, action runtimes, the fork
 * guard, the order of the Pulumi steps and least-privilege permissions. Each function returns a
 * list of problems, empty when the workflow follows the rule. docs/ci-cd.md explains the rules.
 */

/** lint/action-inputs.json: what each pinned action accepts, copied from its action.yml at that commit. */
export interface ActionRecord {
    version: string;
    source: string;
    /** `runs.using` of the action.yml: node24, composite, docker... */
    runs: string;
    inputs: string[];
}
export interface ActionInputs {
    comment: string;
    actions: Record<string, ActionRecord>;
}

export interface Step {
    name?: string;
    id?: string;
    if?: string;
    uses?: string;
    run?: string;
    with?: Record<string, unknown>;
    env?: Record<string, unknown>;
}

/** The runtime that JavaScript actions must use (GitHub retires node20 actions). */
export const JS_RUNTIME = "node24";

/** The condition that keeps a job or step to pull requests from this repository, not forks. */
export const SAME_REPOSITORY = "github.event.pull_request.head.repo.full_name == github.repository";

const PREFLIGHT = /\bscripts\/preflight-cluster\.sh\b/;
const STACK_CHECK = /\bscripts\/check-stack\.sh\b/;
const BACKEND_CHECK = /\bscripts\/check-backend\.sh\b/;
const BACKEND_CHECK_NAME = "Check the state backend settings";

const jobsOf = (doc: any): Array<[string, any]> => Object.entries<any>(doc?.jobs ?? {});
const stepsOf = (job: any): Step[] => (Array.isArray(job?.steps) ? job.steps : []);
const actionOf = (step: Step): string | undefined =>
    typeof step.uses === "string" && !step.uses.startsWith("./") && !step.uses.startsWith("docker://") ? step.uses : undefined;
const name = (step: Step, i: number) => `step ${i + 1}${step.name ? ` (${step.name})` : step.uses ? ` (${step.uses})` : ""}`;

/** Every `uses:` step names a recorded action@sha, and every `with:` key is an input of that exact version. */
export function actionInputProblems(doc: any, record: ActionInputs): string[] {
    const problems: string[] = [];
    for (const [jobName, job] of jobsOf(doc)) {
        stepsOf(job).forEach((step, i) => {
            const action = actionOf(step);
            if (action === undefined) {
                return;
            }
            const known = record.actions[action];
            if (known === undefined) {
                problems.push(`job ${jobName} ${name(step, i)}: ${action} has no record in lint/action-inputs.json`);
                return;
            }
            for (const key of Object.keys(step.with ?? {})) {
                if (!known.inputs.includes(key)) {
                    problems.push(`job ${jobName} ${name(step, i)}: ${action.split("@")[0]} (${known.version}) has no input "${key}"`);
                }
            }
        });
    }
    return problems;
}

/** The `# vX.Y.Z` comment of every pinned action names the version its record was taken from. */
export function versionCommentProblems(text: string, record: ActionInputs): string[] {
    const problems: string[] = [];
    text.split("\n").forEach((line, i) => {
        const use = /^\s*(?:-\s*)?uses:\s*(\S+)\s*#\s*(\S+)\s*$/.exec(line);
        if (!use || use[1].startsWith("./")) {
            return;
        }
        const known = record.actions[use[1]];
        if (known !== undefined && known.version !== use[2]) {
            problems.push(`line ${i + 1}: ${use[1]} is commented ${use[2]}, but its record says ${known.version}`);
        }
    });
    return problems;
}

/** Recorded JavaScript actions run on node24; every record is well-formed. */
export function runtimeProblems(record: ActionInputs): string[] {
    const problems: string[] = [];
    for (const [key, a] of Object.entries(record.actions)) {
        if (!/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/.test(key)) {
            problems.push(`${key}: the key must be owner/repo@<40-hex commit>`);
        }
        if (!/^v?\d+(\.\d+)*$/.test(a.version) || !a.source?.includes(key.split("@")[1]) || !Array.isArray(a.inputs)) {
            problems.push(`${key}: the record needs version, a source at that commit and the list of inputs`);
        }
        if (/^node\d+$/.test(a.runs) && a.runs !== JS_RUNTIME) {
            problems.push(`${key} (${a.version}) runs on ${a.runs}, not ${JS_RUNTIME}: pin a release built for ${JS_RUNTIME}`);
        }
    }
    return problems;
}

/** Every setup-node step takes Node from .nvmrc (or names 24). */
export function nodeVersionProblems(doc: any): string[] {
    const problems: string[] = [];
    for (const [jobName, job] of jobsOf(doc)) {
        stepsOf(job).forEach((step, i) => {
            if (!actionOf(step)?.startsWith("actions/setup-node@")) {
                return;
            }
            const file = step.with?.["node-version-file"];
            const version = step.with?.["node-version"];
            const ok = (typeof file === "string" && /(^|\/)\.nvmrc$/.test(file) && version === undefined) || (file === undefined && String(version) === "24");
            if (!ok) {
                problems.push(`job ${jobName} ${name(step, i)}: use node-version-file: .nvmrc (or node-version: 24), got ${JSON.stringify(step.with ?? {})}`);
            }
        });
    }
    return problems;
}

/** True when the condition keeps the job or step away from fork pull requests. */
const sameRepositoryOnly = (condition: unknown): boolean =>
    typeof condition === "string" && condition.replace(/\$\{\{|\}\}/g, "").replace(/\s+/g, " ").trim() === SAME_REPOSITORY;

/** Needs a token that can write, a secret or an OIDC token: none of them exists for a fork's pull request. */
function needsPrivilege(step: Step): string | undefined {
    const action = actionOf(step) ?? "";
    if (action.startsWith("actions/github-script@")) return "writes with the GitHub token";
    if (action.startsWith("aws-actions/configure-aws-credentials@")) return "needs an OIDC token";
    if (action.startsWith("pulumi/actions@") && step.with?.command !== undefined) return "needs the backend and cluster credentials";
    if (JSON.stringify(step).includes("secrets.")) return "reads a secret";
    return undefined;
}

/**
 * On pull requests, every step that needs privileges a fork does not get is guarded by
 * SAME_REPOSITORY, on the step or on its job, so fork pull requests skip it instead of failing.
 * Jobs that call a reusable workflow must not need secrets (`secrets: inherit` is refused).
 */
export function forkGuardProblems(doc: any): string[] {
    if (doc?.on?.pull_request === undefined && doc?.on !== "pull_request") {
        return [];
    }
    const problems: string[] = [];
    for (const [jobName, job] of jobsOf(doc)) {
        if (job?.secrets !== undefined && !sameRepositoryOnly(job.if)) {
            problems.push(`job ${jobName} passes secrets to ${job.uses} without the fork guard`);
        }
        stepsOf(job).forEach((step, i) => {
            const why = needsPrivilege(step);
            if (why !== undefined && !sameRepositoryOnly(job.if) && !sameRepositoryOnly(step.if)) {
                problems.push(`job ${jobName} ${name(step, i)} ${why} but runs on fork pull requests; add if: ${SAME_REPOSITORY}`);
            }
        });
    }
    return problems;
}

/** pulumi/actions with a preview or up command, or a run step that previews or updates. */
export function isPulumiChange(step: Step): boolean {
    if (actionOf(step)?.startsWith("pulumi/actions@")) {
        return ["preview", "up", "update"].includes(String(step.with?.command ?? ""));
    }
    return typeof step.run === "string" && /\bpulumi\s+(?:-\S+\s+)*(preview|up|update)\b/.test(step.run);
}

/** Uses the shared backend: pulumi/actions with a command, or the pulumi CLI in a run step. */
export function isPulumiJob(job: any): boolean {
    return stepsOf(job).some(
        (s) =>
            (actionOf(s)?.startsWith("pulumi/actions@") && s.with?.command !== undefined) ||
            (typeof s.run === "string" && /(^|[\s;&|(!])pulumi\s+\w/m.test(s.run)),
    );
}

/**
 * In every job that uses the shared backend: the backend check first, then OIDC credentials,
 * then the stack check, the kubeconfig and the preflight, and only then any preview or up.
 */
export function pulumiJobProblems(doc: any): string[] {
    const problems: string[] = [];
    for (const [jobName, job] of jobsOf(doc)) {
        if (!isPulumiJob(job)) {
            continue;
        }
        const steps = stepsOf(job);
        const first = (test: (s: Step) => boolean) => steps.findIndex(test);
        const backend = first((s) => s.name === BACKEND_CHECK_NAME && BACKEND_CHECK.test(s.run ?? ""));
        const aws = first((s) => Boolean(actionOf(s)?.startsWith("aws-actions/configure-aws-credentials@")));
        const firstPulumi = first((s) => isPulumiJob({ steps: [s] }));
        const stack = first((s) => STACK_CHECK.test(s.run ?? ""));
        const kubeconfig = first((s) => /\bKUBECONFIG=/.test(s.run ?? ""));
        const preflight = first((s) => PREFLIGHT.test(s.run ?? ""));
        if (backend < 0) {
            problems.push(`job ${jobName} uses Pulumi without the step "${BACKEND_CHECK_NAME}"`);
        }
        if (aws < 0) {
            problems.push(`job ${jobName} uses Pulumi without OIDC credentials for the state bucket`);
        } else if (backend > aws) {
            problems.push(`job ${jobName}: the backend check must come before the AWS credentials`);
        }
        if (backend >= 0 && firstPulumi >= 0 && backend > firstPulumi) {
            problems.push(`job ${jobName}: the backend check must come before the first Pulumi command`);
        }
        if (stack < 0) {
            problems.push(`job ${jobName} has no step that runs scripts/check-stack.sh`);
        }
        steps.forEach((step, i) => {
            if (!isPulumiChange(step)) {
                return;
            }
            for (const [what, at] of [
                ["the stack check", stack],
                ["the kubeconfig", kubeconfig],
                ["scripts/preflight-cluster.sh", preflight],
            ] as Array<[string, number]>) {
                if (at < 0 || at > i) {
                    problems.push(`job ${jobName} ${name(step, i)} runs before ${what}`);
                }
            }
            if (kubeconfig >= 0 && preflight >= 0 && preflight < kubeconfig) {
                problems.push(`job ${jobName}: the preflight runs before the kubeconfig is written`);
            }
        });
    }
    return problems;
}

/** Write scopes only where a step needs them: id-token for OIDC, pull-requests for comments. */
export function permissionProblems(doc: any): string[] {
    const problems: string[] = [];
    for (const [jobName, job] of jobsOf(doc)) {
        const permissions = job?.permissions;
        if (permissions === null || typeof permissions !== "object") {
            continue;
        }
        const steps = stepsOf(job);
        const needs: Record<string, boolean> = {
            contents: true,
            "id-token": steps.some((s) => Boolean(actionOf(s)?.startsWith("aws-actions/configure-aws-credentials@"))),
            "pull-requests": steps.some(
                (s) => Boolean(actionOf(s)?.startsWith("actions/github-script@")) || (Boolean(actionOf(s)?.startsWith("pulumi/actions@")) && s.with?.["comment-on-pr"] === true),
            ),
        };
        for (const [scope, level] of Object.entries<string>(permissions)) {
            if (scope === "contents" && level !== "read") {
                problems.push(`job ${jobName}: contents: ${level}, but no job writes to the repository`);
            } else if (scope !== "contents" && level !== "none" && !needs[scope]) {
                problems.push(`job ${jobName}: ${scope}: ${level} is granted but no step needs it`);
            }
        }
    }
    return problems;
}
