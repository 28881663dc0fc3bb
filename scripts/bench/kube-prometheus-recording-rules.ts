/**
 * kube-prometheus' recording rules that its dashboards' panels read, directly or through another
 * recorded series, restated as test data for npm run bench:dashboards (never product code). The
 * benchmark evaluates them over the synthetic history for kube-prometheus' side, as ours are for ours.
 *
 * Source: github.com/prometheus-operator/kube-prometheus, tag v0.16.0
 * (commit 7cf9c66d984c5f332e9ee22d03a7b09949dc8b20): manifests/kubernetesControlPlane-prometheusRule.yaml
 * (kubernetes-mixin), nodeExporter-prometheusRule.yaml (node-mixin), kubePrometheus-prometheusRule.yaml
 * and prometheus-prometheusRule.yaml; `file` names which (without its -prometheusRule suffix), `group`
 * the rule group. Rewritten only for our job names, as in ./kube-prometheus-dashboards.ts.
 */
export interface KubePrometheusRecordingRule {
    file: string;
    group: string;
    interval?: string;
    record: string;
    expr: string;
}

export const KUBE_PROMETHEUS_RECORDING_RULES: readonly KubePrometheusRecordingRule[] = [
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_verb:apiserver_request_total:increase30d",
        "expr": "avg_over_time(code_verb:apiserver_request_total:increase1h[30d]) * 24 * 30"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code:apiserver_request_total:increase30d",
        "expr": "sum by (cluster, code) (code_verb:apiserver_request_total:increase30d{verb=~\"LIST|GET\"})"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code:apiserver_request_total:increase30d",
        "expr": "sum by (cluster, code) (code_verb:apiserver_request_total:increase30d{verb=~\"POST|PUT|PATCH|DELETE\"})"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase1h",
        "expr": "sum by (cluster, verb, scope, le) (increase(apiserver_request_sli_duration_seconds_bucket[1h]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d",
        "expr": "sum by (cluster, verb, scope, le) (avg_over_time(cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase1h[30d]) * 24 * 30)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d",
        "expr": "sum by (cluster, verb, scope) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{le=\"+Inf\"})"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "apiserver_request:availability30d",
        "expr": "1 - (\n  (\n    # write too slow\n    sum by (cluster) (cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d{verb=~\"POST|PUT|PATCH|DELETE\"})\n    -\n    sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"POST|PUT|PATCH|DELETE\",le=~\"1(\\\\.0)?\"} or vector(0))\n  ) +\n  (\n    # read too slow\n    sum by (cluster) (cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d{verb=~\"LIST|GET\"})\n    -\n    (\n      sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=~\"resource|\",le=~\"1(\\\\.0)?\"} or vector(0))\n      +\n      sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=\"namespace\",le=~\"5(\\\\.0)?\"} or vector(0))\n      +\n      sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=\"cluster\",le=~\"30(\\\\.0)?\"} or vector(0))\n    )\n  ) +\n  # errors\n  sum by (cluster) (code:apiserver_request_total:increase30d{code=~\"5..\"} or vector(0))\n)\n/\nsum by (cluster) (code:apiserver_request_total:increase30d)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "apiserver_request:availability30d",
        "expr": "1 - (\n  sum by (cluster) (cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d{verb=~\"LIST|GET\"})\n  -\n  (\n    # too slow\n    sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=~\"resource|\",le=~\"1(\\\\.0)?\"} or vector(0))\n    +\n    sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=\"namespace\",le=~\"5(\\\\.0)?\"} or vector(0))\n    +\n    sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"LIST|GET\",scope=\"cluster\",le=~\"30(\\\\.0)?\"} or vector(0))\n  )\n  +\n  # errors\n  sum by (cluster) (code:apiserver_request_total:increase30d{verb=\"read\",code=~\"5..\"} or vector(0))\n)\n/\nsum by (cluster) (code:apiserver_request_total:increase30d{verb=\"read\"})"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "apiserver_request:availability30d",
        "expr": "1 - (\n  (\n    # too slow\n    sum by (cluster) (cluster_verb_scope:apiserver_request_sli_duration_seconds_count:increase30d{verb=~\"POST|PUT|PATCH|DELETE\"})\n    -\n    sum by (cluster) (cluster_verb_scope_le:apiserver_request_sli_duration_seconds_bucket:increase30d{verb=~\"POST|PUT|PATCH|DELETE\",le=~\"1(\\\\.0)?\"} or vector(0))\n  )\n  +\n  # errors\n  sum by (cluster) (code:apiserver_request_total:increase30d{verb=\"write\",code=~\"5..\"} or vector(0))\n)\n/\nsum by (cluster) (code:apiserver_request_total:increase30d{verb=\"write\"})"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_resource:apiserver_request_total:rate5m",
        "expr": "sum by (cluster,code,resource) (rate(apiserver_request_total{job=\"apiserver\",verb=~\"LIST|GET\"}[5m]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_resource:apiserver_request_total:rate5m",
        "expr": "sum by (cluster,code,resource) (rate(apiserver_request_total{job=\"apiserver\",verb=~\"POST|PUT|PATCH|DELETE\"}[5m]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_verb:apiserver_request_total:increase1h",
        "expr": "sum by (cluster, code, verb) (increase(apiserver_request_total{job=\"apiserver\",verb=~\"LIST|GET|POST|PUT|PATCH|DELETE\",code=~\"2..\"}[1h]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_verb:apiserver_request_total:increase1h",
        "expr": "sum by (cluster, code, verb) (increase(apiserver_request_total{job=\"apiserver\",verb=~\"LIST|GET|POST|PUT|PATCH|DELETE\",code=~\"3..\"}[1h]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_verb:apiserver_request_total:increase1h",
        "expr": "sum by (cluster, code, verb) (increase(apiserver_request_total{job=\"apiserver\",verb=~\"LIST|GET|POST|PUT|PATCH|DELETE\",code=~\"4..\"}[1h]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-availability.rules",
        "interval": "3m",
        "record": "code_verb:apiserver_request_total:increase1h",
        "expr": "sum by (cluster, code, verb) (increase(apiserver_request_total{job=\"apiserver\",verb=~\"LIST|GET|POST|PUT|PATCH|DELETE\",code=~\"5..\"}[1h]))"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-histogram.rules",
        "record": "cluster_quantile:apiserver_request_sli_duration_seconds:histogram_quantile",
        "expr": "histogram_quantile(0.99, sum by (cluster, le, resource) (rate(apiserver_request_sli_duration_seconds_bucket{job=\"apiserver\",verb=~\"LIST|GET\",subresource!~\"proxy|attach|log|exec|portforward\"}[5m]))) > 0"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "kube-apiserver-histogram.rules",
        "record": "cluster_quantile:apiserver_request_sli_duration_seconds:histogram_quantile",
        "expr": "histogram_quantile(0.99, sum by (cluster, le, resource) (rate(apiserver_request_sli_duration_seconds_bucket{job=\"apiserver\",verb=~\"POST|PUT|PATCH|DELETE\",subresource!~\"proxy|attach|log|exec|portforward\"}[5m]))) > 0"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_cpu_usage_seconds_total",
        "record": "node_namespace_pod_container:container_cpu_usage_seconds_total:sum_rate5m",
        "expr": "sum by (cluster, namespace, pod, container) (\n  rate(container_cpu_usage_seconds_total{job=\"cadvisor\", image!=\"\"}[5m])\n) * on (cluster, namespace, pod) group_left(node) topk by (cluster, namespace, pod) (\n  1, max by(cluster, namespace, pod, node) (kube_pod_info{node!=\"\"})\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_working_set_bytes",
        "record": "node_namespace_pod_container:container_memory_working_set_bytes",
        "expr": "container_memory_working_set_bytes{job=\"cadvisor\", image!=\"\"}\n* on (cluster, namespace, pod) group_left(node) topk by(cluster, namespace, pod) (1,\n  max by(cluster, namespace, pod, node) (kube_pod_info{node!=\"\"})\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_rss",
        "record": "node_namespace_pod_container:container_memory_rss",
        "expr": "container_memory_rss{job=\"cadvisor\", image!=\"\"}\n* on (cluster, namespace, pod) group_left(node) topk by(cluster, namespace, pod) (1,\n  max by(cluster, namespace, pod, node) (kube_pod_info{node!=\"\"})\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_cache",
        "record": "node_namespace_pod_container:container_memory_cache",
        "expr": "container_memory_cache{job=\"cadvisor\", image!=\"\"}\n* on (cluster, namespace, pod) group_left(node) topk by(cluster, namespace, pod) (1,\n  max by(cluster, namespace, pod, node) (kube_pod_info{node!=\"\"})\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_swap",
        "record": "node_namespace_pod_container:container_memory_swap",
        "expr": "container_memory_swap{job=\"cadvisor\", image!=\"\"}\n* on (cluster, namespace, pod) group_left(node) topk by(cluster, namespace, pod) (1,\n  max by(cluster, namespace, pod, node) (kube_pod_info{node!=\"\"})\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_requests",
        "record": "cluster:namespace:pod_memory:active:kube_pod_container_resource_requests",
        "expr": "kube_pod_container_resource_requests{resource=\"memory\",job=\"kube-state-metrics\"}  * on (namespace, pod, cluster)\ngroup_left() max by (namespace, pod, cluster) (\n  (kube_pod_status_phase{phase=~\"Pending|Running\"} == 1)\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_requests",
        "record": "namespace_memory:kube_pod_container_resource_requests:sum",
        "expr": "sum by (namespace, cluster) (\n    sum by (namespace, pod, cluster) (\n        max by (namespace, pod, container, cluster) (\n          kube_pod_container_resource_requests{resource=\"memory\",job=\"kube-state-metrics\"}\n        ) * on(namespace, pod, cluster) group_left() max by (namespace, pod, cluster) (\n          kube_pod_status_phase{phase=~\"Pending|Running\"} == 1\n        )\n    )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_cpu_requests",
        "record": "cluster:namespace:pod_cpu:active:kube_pod_container_resource_requests",
        "expr": "kube_pod_container_resource_requests{resource=\"cpu\",job=\"kube-state-metrics\"}  * on (namespace, pod, cluster)\ngroup_left() max by (namespace, pod, cluster) (\n  (kube_pod_status_phase{phase=~\"Pending|Running\"} == 1)\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_cpu_requests",
        "record": "namespace_cpu:kube_pod_container_resource_requests:sum",
        "expr": "sum by (namespace, cluster) (\n    sum by (namespace, pod, cluster) (\n        max by (namespace, pod, container, cluster) (\n          kube_pod_container_resource_requests{resource=\"cpu\",job=\"kube-state-metrics\"}\n        ) * on(namespace, pod, cluster) group_left() max by (namespace, pod, cluster) (\n          kube_pod_status_phase{phase=~\"Pending|Running\"} == 1\n        )\n    )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_limits",
        "record": "cluster:namespace:pod_memory:active:kube_pod_container_resource_limits",
        "expr": "kube_pod_container_resource_limits{resource=\"memory\",job=\"kube-state-metrics\"}  * on (namespace, pod, cluster)\ngroup_left() max by (namespace, pod, cluster) (\n  (kube_pod_status_phase{phase=~\"Pending|Running\"} == 1)\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_memory_limits",
        "record": "namespace_memory:kube_pod_container_resource_limits:sum",
        "expr": "sum by (namespace, cluster) (\n    sum by (namespace, pod, cluster) (\n        max by (namespace, pod, container, cluster) (\n          kube_pod_container_resource_limits{resource=\"memory\",job=\"kube-state-metrics\"}\n        ) * on(namespace, pod, cluster) group_left() max by (namespace, pod, cluster) (\n          kube_pod_status_phase{phase=~\"Pending|Running\"} == 1\n        )\n    )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_cpu_limits",
        "record": "cluster:namespace:pod_cpu:active:kube_pod_container_resource_limits",
        "expr": "kube_pod_container_resource_limits{resource=\"cpu\",job=\"kube-state-metrics\"}  * on (namespace, pod, cluster)\ngroup_left() max by (namespace, pod, cluster) (\n  (kube_pod_status_phase{phase=~\"Pending|Running\"} == 1)\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.container_cpu_limits",
        "record": "namespace_cpu:kube_pod_container_resource_limits:sum",
        "expr": "sum by (namespace, cluster) (\n    sum by (namespace, pod, cluster) (\n        max by (namespace, pod, container, cluster) (\n          kube_pod_container_resource_limits{resource=\"cpu\",job=\"kube-state-metrics\"}\n        ) * on(namespace, pod, cluster) group_left() max by (namespace, pod, cluster) (\n          kube_pod_status_phase{phase=~\"Pending|Running\"} == 1\n        )\n    )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    label_replace(\n      kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"ReplicaSet\"},\n      \"replicaset\", \"$1\", \"owner_name\", \"(.*)\"\n    ) * on (cluster, replicaset, namespace) group_left(owner_name) topk by(cluster, replicaset, namespace) (\n      1, max by (cluster, replicaset, namespace, owner_name) (\n        kube_replicaset_owner{job=\"kube-state-metrics\", owner_kind=\"\"}\n      )\n    ),\n    \"workload\", \"$1\", \"replicaset\", \"(.*)\"\n  )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    label_replace(\n      kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"ReplicaSet\"},\n      \"replicaset\", \"$1\", \"owner_name\", \"(.*)\"\n    ) * on(replicaset, namespace, cluster) group_left(owner_name) topk by(cluster, replicaset, namespace) (\n      1, max by (cluster, replicaset, namespace, owner_name) (\n        kube_replicaset_owner{job=\"kube-state-metrics\", owner_kind=\"Deployment\"}\n      )\n    ),\n    \"workload\", \"$1\", \"owner_name\", \"(.*)\"\n  )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"DaemonSet\"},\n    \"workload\", \"$1\", \"owner_name\", \"(.*)\"\n  )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"StatefulSet\"},\n  \"workload\", \"$1\", \"owner_name\", \"(.*)\")\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "group by (cluster, namespace, workload, pod) (\n  label_join(\n    group by (cluster, namespace, job_name, pod, owner_name) (\n      label_join(\n        kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"Job\"}\n      , \"job_name\", \"\", \"owner_name\")\n    )\n    * on (cluster, namespace, job_name) group_left()\n    group by (cluster, namespace, job_name) (\n      kube_job_owner{job=\"kube-state-metrics\", owner_kind=~\"Pod|\"}\n    )\n  , \"workload\", \"\", \"owner_name\")\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"\", owner_name=\"\"},\n  \"workload\", \"$1\", \"pod\", \"(.+)\")\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "max by (cluster, namespace, workload, pod) (\n  label_replace(\n    kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"Node\"},\n  \"workload\", \"$1\", \"pod\", \"(.+)\")\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "k8s.rules.pod_owner",
        "record": "namespace_workload_pod:kube_pod_owner:relabel",
        "expr": "group by (cluster, namespace, workload, workload_type, pod) (\n  label_join(\n    label_join(\n      group by (cluster, namespace, job_name, pod) (\n        label_join(\n          kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"Job\"}\n        , \"job_name\", \"\", \"owner_name\")\n      )\n      * on (cluster, namespace, job_name) group_left(owner_kind, owner_name)\n      group by (cluster, namespace, job_name, owner_kind, owner_name) (\n        kube_job_owner{job=\"kube-state-metrics\", owner_kind!=\"Pod\", owner_kind!=\"\"}\n      )\n    , \"workload\", \"\", \"owner_name\")\n  , \"workload_type\", \"\", \"owner_kind\")\n\n  OR\n\n  label_replace(\n    label_replace(\n      label_replace(\n        kube_pod_owner{job=\"kube-state-metrics\", owner_kind=\"ReplicaSet\"}\n        , \"replicaset\", \"$1\", \"owner_name\", \"(.+)\"\n      )\n      * on(cluster, namespace, replicaset) group_left(owner_kind, owner_name)\n      group by (cluster, namespace, replicaset, owner_kind, owner_name) (\n        kube_replicaset_owner{job=\"kube-state-metrics\", owner_kind!=\"Deployment\", owner_kind!=\"\"}\n      )\n    , \"workload\", \"$1\", \"owner_name\", \"(.+)\")\n    OR\n    label_replace(\n      group by (cluster, namespace, pod, owner_name, owner_kind) (\n        kube_pod_owner{job=\"kube-state-metrics\", owner_kind!=\"ReplicaSet\", owner_kind!=\"DaemonSet\", owner_kind!=\"StatefulSet\", owner_kind!=\"Job\", owner_kind!=\"Node\", owner_kind!=\"\"}\n      )\n      , \"workload\", \"$1\", \"owner_name\", \"(.+)\"\n    )\n  , \"workload_type\", \"$1\", \"owner_kind\", \"(.+)\")\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "node.rules",
        "record": ":node_memory_MemAvailable_bytes:sum",
        "expr": "sum(\n  node_memory_MemAvailable_bytes{job=\"node-exporter\"} or\n  (\n    node_memory_Buffers_bytes{job=\"node-exporter\"} +\n    node_memory_Cached_bytes{job=\"node-exporter\"} +\n    node_memory_MemFree_bytes{job=\"node-exporter\"} +\n    node_memory_Slab_bytes{job=\"node-exporter\"}\n  )\n) by (cluster)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "node.rules",
        "record": "node:node_cpu_utilization:ratio_rate5m",
        "expr": "avg by (cluster, node) (\n  sum without (mode) (\n    rate(node_cpu_seconds_total{mode!=\"idle\",mode!=\"iowait\",mode!=\"steal\",job=\"node-exporter\"}[5m])\n  )\n)"
    },
    {
        "file": "kubernetesControlPlane",
        "group": "node.rules",
        "record": "cluster:node_cpu:ratio_rate5m",
        "expr": "avg by (cluster) (\n  node:node_cpu_utilization:ratio_rate5m\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_num_cpu:sum",
        "expr": "count without (cpu, mode) (\n  node_cpu_seconds_total{job=\"node-exporter\",mode=\"idle\"}\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_cpu_utilisation:rate5m",
        "expr": "1 - avg without (cpu) (\n  sum without (mode) (rate(node_cpu_seconds_total{job=\"node-exporter\", mode=~\"idle|iowait|steal\"}[5m]))\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_load1_per_cpu:ratio",
        "expr": "(\n  node_load1{job=\"node-exporter\"}\n/\n  instance:node_num_cpu:sum{job=\"node-exporter\"}\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_memory_utilisation:ratio",
        "expr": "1 - (\n  (\n    node_memory_MemAvailable_bytes{job=\"node-exporter\"}\n    or\n    (\n      node_memory_Buffers_bytes{job=\"node-exporter\"}\n      +\n      node_memory_Cached_bytes{job=\"node-exporter\"}\n      +\n      node_memory_MemFree_bytes{job=\"node-exporter\"}\n      +\n      node_memory_Slab_bytes{job=\"node-exporter\"}\n    )\n  )\n/\n  node_memory_MemTotal_bytes{job=\"node-exporter\"}\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_vmstat_pgmajfault:rate5m",
        "expr": "rate(node_vmstat_pgmajfault{job=\"node-exporter\"}[5m])"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance_device:node_disk_io_time_seconds:rate5m",
        "expr": "rate(node_disk_io_time_seconds_total{job=\"node-exporter\", device=~\"(/dev/)?(mmcblk.p.+|nvme.+|rbd.+|sd.+|vd.+|xvd.+|dm-.+|md.+|dasd.+)\"}[5m])"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance_device:node_disk_io_time_weighted_seconds:rate5m",
        "expr": "rate(node_disk_io_time_weighted_seconds_total{job=\"node-exporter\", device=~\"(/dev/)?(mmcblk.p.+|nvme.+|rbd.+|sd.+|vd.+|xvd.+|dm-.+|md.+|dasd.+)\"}[5m])"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_network_receive_bytes_excluding_lo:rate5m",
        "expr": "sum without (device) (\n  rate(node_network_receive_bytes_total{job=\"node-exporter\", device!=\"lo\"}[5m])\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_network_transmit_bytes_excluding_lo:rate5m",
        "expr": "sum without (device) (\n  rate(node_network_transmit_bytes_total{job=\"node-exporter\", device!=\"lo\"}[5m])\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_network_receive_drop_excluding_lo:rate5m",
        "expr": "sum without (device) (\n  rate(node_network_receive_drop_total{job=\"node-exporter\", device!=\"lo\"}[5m])\n)"
    },
    {
        "file": "nodeExporter",
        "group": "node-exporter.rules",
        "record": "instance:node_network_transmit_drop_excluding_lo:rate5m",
        "expr": "sum without (device) (\n  rate(node_network_transmit_drop_total{job=\"node-exporter\", device!=\"lo\"}[5m])\n)"
    }
];
