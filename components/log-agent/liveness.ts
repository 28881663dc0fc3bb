import * as k8s from "@pulumi/kubernetes";
import { LogsSettings } from "../../config";
import { bufferDir, METRICS_PORT } from "./layout";

const MARKER = "/tmp/fluentd-liveness-marker";

/**
 * A stuck fluentd (blocked output threads, a wedged input) keeps its HTTP ports open, so a TCP or
 * /metrics probe stays green. What stops is the buffer: every flush creates, appends to or removes
 * chunk files under the buffer directory. The probe fails when nothing there changed for
 * livenessThresholdSeconds, as the upstream add-on's probe did. Unlike upstream it never deletes
 * the buffer: the queued chunks are the logs not yet shipped. It uses only sh, touch and GNU find,
 * which both lines' images ship (the add-on's, and the daemonset image's Debian base ruby:3.4-slim).
 */
export function livenessCommand(s: LogsSettings): string[] {
    const dir = bufferDir(s);
    const script = [
        `test -d ${dir} || exit 1`,
        `touch -d "${s.livenessThresholdSeconds} seconds ago" ${MARKER} || exit 1`,
        `test -n "$(find ${dir} -newer ${MARKER} -print -quit)"`,
    ].join("; ");
    return ["/bin/sh", "-c", script];
}

export function livenessProbe(s: LogsSettings): k8s.types.input.core.v1.Probe {
    return {
        exec: { command: livenessCommand(s) },
        // The buffer directory appears with the first flush; give a fresh node time to start.
        initialDelaySeconds: 600,
        periodSeconds: 60,
        timeoutSeconds: 10,
        failureThreshold: 3,
    };
}

/** Ready once the config loaded and the inputs started, which is when the metrics input listens. */
export function readinessProbe(): k8s.types.input.core.v1.Probe {
    return {
        httpGet: { path: METRICS_PORT.path, port: METRICS_PORT.name, scheme: "HTTP" },
        initialDelaySeconds: 5,
        periodSeconds: 10,
        timeoutSeconds: 5,
        failureThreshold: 3,
    };
}
