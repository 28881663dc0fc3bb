export { BlackboxExporter, BlackboxExporterArgs } from "./blackbox-exporter";
export { blackboxConfigFile, blackboxModules } from "./modules";
