import { z } from "zod";
import { closedObject, text } from "./fields";

/**
 * `grafana.plugins` (docs/grafana.md#plugins): plugins Grafana installs from its plugin registry
 * (grafana.com) at start, each by id and pinned version, through [plugins] preinstall_sync, which
 * Grafana 13.2's documentation gives as `preinstall_sync = <id>@<version>`: the server installs
 * them before it serves, so a dashboard that needs one never finds it missing. The pods then reach
 * grafana.com on 443, a written NetworkPolicy exception that is there only while this list is set
 * (docs/security.md#network-policies).
 */

function pluginId(value: string): string | undefined {
    return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? undefined : "a plugin id as grafana.com lists it, such as grafana-clock-panel (lower-case letters, digits, -)";
}

function pluginVersion(value: string): string | undefined {
    return /^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$/.test(value) ? undefined : "a version such as 2.1.8: a pinned plugin does not change under a restart";
}

export const grafanaPluginsSchema = z
    .array(
        closedObject({
            id: text(pluginId, "grafana-clock-panel").meta({ description: "the plugin's id on grafana.com" }),
            version: text(pluginVersion, "2.1.8").meta({ description: "its version, pinned" }),
        }),
        { error: "a list of { id, version }" },
    )
    .superRefine((list, ctx) => {
        if (list.length === 0) {
            ctx.addIssue({ code: "custom", input: list, message: "at least one plugin, or leave plugins out" });
        }
        list.forEach((p, i) => {
            if (list.findIndex((q) => q.id === p.id) !== i) {
                ctx.addIssue({ code: "custom", path: [i, "id"], input: p.id, message: "a plugin listed once" });
            }
        });
    })
    .optional();

export type GrafanaPluginSettings = NonNullable<z.output<typeof grafanaPluginsSchema>>;
