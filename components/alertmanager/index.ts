export { Alertmanager, AlertmanagerArgs } from "./alertmanager";
