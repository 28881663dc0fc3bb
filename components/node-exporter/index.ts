export { NodeExporter, NodeExporterArgs } from "./node-exporter";
