export * from './routing.js';
export { ROUTINGS, buildRouting, defaultRoutingName, routingsFor } from './registry.js';
export { tracePath, tracePathVia, type Hop } from './path.js';
export { computeRouteTable, routeTableToJson, type RouteTable } from './table.js';
