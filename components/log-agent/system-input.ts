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
import { positionFile } from "./layout";

/** Salt minion lines: `2015-12-21 23:17:22,066 [salt.state ][INFO ] Completed state ...`. */
export const SALT_PATTERN = "/^(?<time>[^ ]* [^ ,]*)[^\\[]*\\[[^\\]]*\\]\\[(?<severity>[^ \\]]*) *\\] (?<message>.*)$/";
export const SALT_TIME_FORMAT = "%Y-%m-%d %H:%M:%S";

/** klog/glog lines, which long messages split over several lines. */
const GLOG_FIRST_LINE = "/^\\w\\d{4}/";
const GLOG_LINE =
    "/^(?<severity>\\w)(?<time>\\d{4} [^\\s]*)\\s+(?<pid>\\d+)\\s+(?<source>[^ \\]]+)\\] (?<message>.*)/";
const GLOG_TIME_FORMAT = "%m%d %H:%M:%S.%N";

/**
 * Every file input reads a file from its start when it has no position yet (read_from_head), so
 * lines written before the agent's first start are shipped; afterwards the position file decides.
 * fluentd 1.6's in_tail defaults to the end of the file.
 */
export function saltMinionInput(s: LogsSettings): FluentdSection {
    return source("minion", "tail", [
        typed("parse", "regexp", [param("expression", SALT_PATTERN), param("time_format", SALT_TIME_FORMAT)]),
        param("path", "/var/log/salt/minion"),
        param("pos_file", positionFile(s, "salt.pos")),
        param("tag", "salt"),
        param("read_from_head", true),
    ]);
}

/** A journal input; the storage path is its position file, kept in the host state directory across restarts. */
export function journalInput(s: LogsSettings, id: string, match: Record<string, string>, tag: string, extra: FluentdNode[] = []): FluentdSection {
    return source(id, "systemd", [
        param("matches", json([match])),
        typed("storage", "local", [param("persistent", true), param("path", positionFile(s, `${id}.pos`))]),
        ...extra,
        param("read_from_head", true),
        param("tag", tag),
    ]);
}

export function journalInputs(s: LogsSettings): FluentdSection[] {
    return [
        journalInput(s, "journald-docker", { _SYSTEMD_UNIT: "docker.service" }, "docker"),
        journalInput(s, "journald-container-runtime", { _SYSTEMD_UNIT: `${s.containerRuntimeService}.service` }, "container-runtime"),
        journalInput(s, "journald-kubelet", { _SYSTEMD_UNIT: "kubelet.service" }, "kubelet"),
        journalInput(s, "journald-node-problem-detector", { _SYSTEMD_UNIT: "node-problem-detector.service" }, "node-problem-detector"),
        journalInput(s, "kernel", { _TRANSPORT: "kernel" }, "kernel", [
            section("entry", undefined, [param("fields_strip_underscores", true), param("fields_lowercase", true)]),
        ]),
    ];
}

function fileInput(s: LogsSettings, name: string, tag: string, parse: FluentdSection, extra: FluentdNode[] = []): FluentdSection {
    return source(`${name}.log`, "tail", [
        parse,
        ...extra,
        param("path", `/var/log/${name}.log`),
        param("pos_file", positionFile(s, `es-${name}.log.pos`)),
        param("tag", tag),
        param("read_from_head", true),
    ]);
}

function glogFileInput(s: LogsSettings, name: string): FluentdSection {
    const parse = typed("parse", "multiline", [
        param("format_firstline", GLOG_FIRST_LINE),
        param("format1", GLOG_LINE),
        param("time_format", GLOG_TIME_FORMAT),
    ]);
    return fileInput(s, name, name, parse, [param("multiline_flush_interval", "5s")]);
}

/**
 * The spec keeps these only as comments: on a kubeadm cluster the components run in containers
 * or log to the journal, so the files are absent, and the container input already ships them.
 */
export function disabledFileInputs(s: LogsSettings): FluentdSection[] {
    return [
        fileInput(s, "startupscript", "startupscript", typed("parse", "syslog")),
        fileInput(
            s,
            "docker",
            "docker",
            typed("parse", "regexp", [
                param(
                    "expression",
                    '/^time="(?<time>[^"]*)" level=(?<severity>[^ ]*) msg="(?<message>[^"]*)"( err="(?<error>[^"]*)")?( statusCode=(?<status_code>\\d+))?/',
                ),
            ]),
        ),
        fileInput(s, "etcd", "etcd", typed("parse", "none")),
        glogFileInput(s, "kubelet"),
        glogFileInput(s, "kube-proxy"),
        glogFileInput(s, "kube-apiserver"),
        glogFileInput(s, "kube-controller-manager"),
        glogFileInput(s, "kube-scheduler"),
        glogFileInput(s, "glbc"),
        glogFileInput(s, "cluster-autoscaler"),
    ];
}

/** system.input.conf: node logs from files and the journal. */
export function systemInputConfig(s: LogsSettings): FluentdFile {
    return [
        saltMinionInput(s),
        comment("Disabled: these files are absent on kubeadm nodes; uncomment an input to enable it."),
        ...disabledFileInputs(s).map(disabled),
        comment("Journal inputs for the node's services and the kernel."),
        ...journalInputs(s),
    ];
}
