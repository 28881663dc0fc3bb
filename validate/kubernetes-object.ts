/**
 * A Kubernetes object as `kubectl apply` would receive it: what render/ produces and validate/
 * checks. It lives here, in a file that imports nothing, because validate/ is the lowest folder
 * that reads it: components/ already import validate/'s pod security claims, so validate/ sits
 * below components/ and stack/, and render/ (the entry point above them all) re-exports it from
 * here. Under components/common/ it would have made validate/ import components/, a loop with
 * those claims; under render/ it made validate/ import the entry point (validate → render →
 * stack → components → validate).
 */
export type KubernetesObject = {
    apiVersion: string;
    kind: string;
    metadata: { name: string; namespace?: string; [key: string]: unknown };
    [key: string]: unknown;
};
