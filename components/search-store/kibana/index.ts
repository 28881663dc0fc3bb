export { Kibana, KibanaArgs } from "./kibana";
