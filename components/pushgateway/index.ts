// The Pushgateway's public face for the tests and the composition root: its component, settings and builders.
export { pushgateway } from "./component";
export { Pushgateway, PushgatewayArgs } from "./pushgateway";
export { PUSHGATEWAY_KEY, PUSHGATEWAY_DEFAULTS, pushgatewaySettings, PushgatewaySettings } from "./settings";
export { pushgatewayArgs, pushgatewayDeployment } from "./deployment";
export { pushgatewayService, pushUrl } from "./service";
export { pushgatewayServiceAccount } from "./service-account";
export { pushgatewayJob } from "./scrape-job";
export { PUSHGATEWAY_FAMILIES } from "./families";
export { pushgatewayGroup } from "./alerts";
export { pushgatewayDashboard } from "./dashboard";
export { HTTP_PORT, PUSHGATEWAY_JOB_NAME, PUSHGATEWAY_COMPONENT } from "./layout";
