import { LogsSettings } from "../../config";
import {
    comment,
    disabled,
    FluentdFile,
    FluentdNode,
    FluentdSection,
    json,
    param,
    section,
    source,
    typed,
} from "./fluentd-model";

/** Salt minion lines: `2015-12-21 23:17:22,066 [salt.state ][INFO ] Completed state ...`. */
export const SALT_PATTERN = "/^(?<time>[^ ]* [^ ,]*)[^\\[]*\\[[^\\]]*\\]\\[(?<severity>[^ \\]]*) *\\] (?<message>.*)$/";
export const SALT_TIME_FORMAT = "%Y-%m-%d %H:%M:%S";

/** klog/glog lines, which long messages split over several lines. */
const GLOG_FIRST_LINE = "/^\\w\\d{4}/";
const GLOG_LINE =
    "/^(?<severity>\\w)(?<time>\\d{4} [^\\s]*)\\s+(?<pid>\\d+)\\s+(?<source>[^ \\]]+)\\] (?<message>.*)/";
const GLOG_TIME_FORMAT = "%m%d %H:%M:%S.%N";

export function saltMinionInput(): FluentdSection {
    return source("minion", "tail", [
        typed("parse", "regexp", [param("expression", SALT_PATTERN), param("time_format", SALT_TIME_FORMAT)]),
        param("path", "/var/log/salt/minion"),
        param("pos_file", "/var/log/salt.pos"),
        param("tag", "salt"),
    ]);
}

/** A journal input; the storage path is its position file, kept on the host across restarts. */
export function journalInput(id: string, match: Record<string, string>, tag: string, extra: FluentdNode[] = []): FluentdSection {
    return source(id, "systemd", [
        param("matches", json([match])),
        typed("storage", "local", [param("persistent", true), param("path", `/var/log/${id}.pos`)]),
        ...extra,
        param("read_from_head", true),
        param("tag", tag),
    ]);
}

export function journalInputs(s: LogsSettings): FluentdSection[] {
    return [
        journalInput("journald-docker", { _SYSTEMD_UNIT: "docker.service" }, "docker"),
        journalInput("journald-container-runtime", { _SYSTEMD_UNIT: `${s.containerRuntimeService}.service` }, "container-runtime"),
        journalInput("journald-kubelet", { _SYSTEMD_UNIT: "kubelet.service" }, "kubelet"),
        journalInput("journald-node-problem-detector", { _SYSTEMD_UNIT: "node-problem-detector.service" }, "node-problem-detector"),
        journalInput("kernel", { _TRANSPORT: "kernel" }, "kernel", [
            section("entry", undefined, [param("fields_strip_underscores", true), param("fields_lowercase", true)]),
        ]),
    ];
}

function fileInput(name: string, tag: string, parse: FluentdSection, extra: FluentdNode[] = []): FluentdSection {
    return source(`${name}.log`, "tail", [
        parse,
        ...extra,
        param("path", `/var/log/${name}.log`),
        param("pos_file", `/var/log/es-${name}.log.pos`),
        param("tag", tag),
    ]);
}

function glogFileInput(name: string): FluentdSection {
    const parse = typed("parse", "multiline", [
        param("format_firstline", GLOG_FIRST_LINE),
        param("format1", GLOG_LINE),
        param("time_format", GLOG_TIME_FORMAT),
    ]);
    return fileInput(name, name, parse, [param("multiline_flush_interval", "5s")]);
}

/**
 * The spec keeps these only as comments: on a kubeadm cluster the components run in containers
 * or log to the journal, so the files are absent, and the container input already ships them.
 */
export function disabledFileInputs(): FluentdSection[] {
    return [
        fileInput("startupscript", "startupscript", typed("parse", "syslog")),
        fileInput(
            "docker",
            "docker",
            typed("parse", "regexp", [
                param(
                    "expression",
                    '/^time="(?<time>[^"]*)" level=(?<severity>[^ ]*) msg="(?<message>[^"]*)"( err="(?<error>[^"]*)")?( statusCode=(?<status_code>\\d+))?/',
                ),
            ]),
        ),
        fileInput("etcd", "etcd", typed("parse", "none")),
        glogFileInput("kubelet"),
        glogFileInput("kube-proxy"),
        glogFileInput("kube-apiserver"),
        glogFileInput("kube-controller-manager"),
        glogFileInput("kube-scheduler"),
        glogFileInput("glbc"),
        glogFileInput("cluster-autoscaler"),
    ];
}

/** system.input.conf: node logs from files and the journal. */
export function systemInputConfig(s: LogsSettings): FluentdFile {
    return [
        saltMinionInput(),
        comment("Disabled: these files are absent on kubeadm nodes; uncomment an input to enable it."),
        ...disabledFileInputs().map(disabled),
        comment("Journal inputs for the node's services and the kernel."),
        ...journalInputs(s),
    ];
}
