import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { ResourceSettings, SearchStoreSettings } from "../../config";
import { noPrivileges } from "./no-privileges";
import { containerResources } from "./resources";
import { podPlacement } from "./scheduling";

/** The curl_user of curlimages/curl, the image that runs the program's REST calls from a shell script. */
export const CURL_IMAGE_UID = 100;
export const CURL_IMAGE_GID = 101;

/** The ConfigMap that holds a curl pod's script under `key`. */
export function scriptConfigMap(metadata: { name: string; namespace: string; labels: Record<string, string> }, key: string, script: string): k8s.types.input.core.v1.ConfigMap {
    return { apiVersion: "v1", kind: "ConfigMap", metadata, data: { [key]: script } };
}

/**
 * The start of a curl script: wait until `${urlVariable}${path}` answers, trying every
 * WAIT_SECONDS (10) up to WAIT_TRIES (60) times, then fail naming what never answered. The Job's
 * own retries start the script over; the waits keep a slow start from using them up.
 */
export function waitUntilAnswers(urlVariable: string, path: string, what: string): string {
    return [
        "tries=0",
        `until curl --silent --fail --globoff --max-time 10 -o /dev/null "\${${urlVariable}}${path}"; do`,
        "  tries=$((tries + 1))",
        '  if [ "$tries" -ge "${WAIT_TRIES:-60}" ]; then',
        `    echo "${what} did not answer at \${${urlVariable}}" >&2`,
        "    exit 1",
        "  fi",
        '  sleep "${WAIT_SECONDS:-10}"',
        "done",
    ].join("\n");
}

const SCRIPT_VOLUME = "script";
const SCRIPT_DIR = "/opt/script";

/**
 * Where a curl pod of the in-cluster OpenSearch finds its .curlrc (user, password and CA, from
 * the store's credentials Secret) and the CA of the store's TLS Secret. curl reads
 * $CURL_HOME/.curlrc before anything else, so the scripts are the same for both stores.
 */
export const CURL_HOME = "/etc/curl";
export const CURL_CA_PATH = "/etc/curl-ca/ca.crt";

/** The Secrets a curl pod authenticates to the store with: the credentials Secret's .curlrc and the TLS Secret's ca.crt. */
export interface CurlAuth {
    credentialsSecret: string;
    curlrcKey: string;
    caSecret: string;
}

function authMounts(auth: CurlAuth | undefined): { mounts: k8s.types.input.core.v1.VolumeMount[]; volumes: k8s.types.input.core.v1.Volume[]; env: { name: string; value: string }[] } {
    if (auth === undefined) {
        return { mounts: [], volumes: [], env: [] };
    }
    const ca = CURL_CA_PATH.slice(CURL_CA_PATH.lastIndexOf("/") + 1);
    return {
        mounts: [
            { name: "curlrc", mountPath: CURL_HOME, readOnly: true },
            { name: "store-ca", mountPath: CURL_CA_PATH.slice(0, CURL_CA_PATH.lastIndexOf("/")), readOnly: true },
        ],
        volumes: [
            // Readable by the curl user through the pod's fsGroup, by no one else.
            { name: "curlrc", secret: { secretName: auth.credentialsSecret, defaultMode: 0o440, items: [{ key: auth.curlrcKey, path: ".curlrc" }] } },
            { name: "store-ca", secret: { secretName: auth.caSecret, items: [{ key: ca, path: ca }] } },
        ],
        env: [{ name: "CURL_HOME", value: CURL_HOME }],
    };
}

/**
 * One key of a Secret mounted read-only as a file for the script, readable through the pod's
 * fsGroup only: how a script reads a password it sends in a request body, never in an argument
 * or the environment.
 */
export interface ScriptSecretFile {
    volume: string;
    secretName: string;
    key: string;
    mountDir: string;
}

/**
 * A pod that runs one shell script from a ConfigMap with curl, at the restricted Pod Security
 * level: non-root, read-only root, no capabilities, no Kubernetes API token (the scripts talk
 * only to the store's and Kibana's HTTP APIs).
 */
export function curlScriptPod(args: {
    serviceAccountName: string;
    image: string;
    configMapName: string;
    scriptKey: string;
    env: Record<string, string>;
    resources: ResourceSettings;
    placement: Omit<k8s.types.input.core.v1.PodSpec, "containers">;
    auth?: CurlAuth;
    secretFiles?: ScriptSecretFile[];
}): k8s.types.input.core.v1.PodSpec {
    const auth = authMounts(args.auth);
    const files = args.secretFiles ?? [];
    return {
        serviceAccountName: args.serviceAccountName,
        automountServiceAccountToken: false,
        restartPolicy: "OnFailure",
        ...args.placement,
        securityContext: {
            runAsNonRoot: true,
            runAsUser: CURL_IMAGE_UID,
            runAsGroup: CURL_IMAGE_GID,
            ...(args.auth || files.length > 0 ? { fsGroup: CURL_IMAGE_GID } : {}),
            seccompProfile: { type: "RuntimeDefault" },
        },
        containers: [
            {
                name: "script",
                image: args.image,
                imagePullPolicy: "IfNotPresent",
                command: ["sh", `${SCRIPT_DIR}/${args.scriptKey}`],
                env: [...Object.entries(args.env).map(([name, value]) => ({ name, value })), ...auth.env],
                resources: containerResources(args.resources),
                volumeMounts: [{ name: SCRIPT_VOLUME, mountPath: SCRIPT_DIR, readOnly: true }, ...auth.mounts, ...files.map((f) => ({ name: f.volume, mountPath: f.mountDir, readOnly: true }))],
                securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true },
            },
        ],
        volumes: [
            { name: SCRIPT_VOLUME, configMap: { name: args.configMapName } },
            ...auth.volumes,
            ...files.map((f) => ({ name: f.volume, secret: { secretName: f.secretName, defaultMode: 0o440, items: [{ key: f.key, path: f.key }] } })),
        ],
    };
}

/** A ServiceAccount of its own for a workload that needs no Kubernetes API access. */
export function tokenlessServiceAccount(name: string, namespace: string, labels: Record<string, string>): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: { name, namespace, labels }, automountServiceAccountToken: false };
}

/**
 * A one-off Job against the search store or Kibana: one curl script from its ConfigMap of the
 * same name, run by the ServiceAccount of that name, with the retention job's image and
 * resources and the store's placement. It retries on failure (the script itself waits for its
 * service) for at most half an hour; a changed spec makes Pulumi replace the Job, so it runs again.
 */
export function searchStoreScriptJob(
    s: SearchStoreSettings,
    job: {
        name: string;
        labels: Record<string, string>;
        scriptKey: string;
        env: Record<string, string>;
        auth?: CurlAuth;
        secretFiles?: ScriptSecretFile[];
        /** Pod-template annotations: a change replaces the Job, so it runs again (never a secret or a hash of one). */
        annotations?: Record<string, pulumi.Input<string>>;
    },
): k8s.types.input.batch.v1.Job {
    return {
        apiVersion: "batch/v1",
        kind: "Job",
        metadata: { name: job.name, namespace: s.namespace, labels: job.labels },
        spec: {
            backoffLimit: 6,
            activeDeadlineSeconds: 1800,
            template: {
                metadata: { labels: job.labels, ...(job.annotations && Object.keys(job.annotations).length > 0 ? { annotations: job.annotations } : {}) },
                spec: curlScriptPod({
                    serviceAccountName: job.name,
                    image: s.retention.image,
                    configMapName: job.name,
                    scriptKey: job.scriptKey,
                    env: job.env,
                    resources: s.retention.resources,
                    placement: podPlacement(s),
                    auth: job.auth,
                    secretFiles: job.secretFiles,
                }),
            },
        },
    };
}
